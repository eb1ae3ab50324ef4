import { Button, useT } from '@district/ui';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import {
  checkForDeployment,
  isUpdateReady,
  reloadForUpdate,
  subscribeToUpdates,
} from './deployments';

// Issue 34: "Updated, reload", at the top of every signed-in page once a new deployment is
// found (checked on each navigation, see deployments.ts). The page keeps working until the
// student chooses to reload.
export function UpdateNotice() {
  const { pathname } = useLocation();
  const ready = useSyncExternalStore(subscribeToUpdates, isUpdateReady);
  const { t } = useT();
  useEffect(() => {
    void checkForDeployment();
  }, [pathname]);
  if (!ready) return null;
  return (
    <section className="update-notice" role="status" aria-labelledby="update-notice-title">
      <p id="update-notice-title" className="update-notice__text">
        {t('shell.update.text')}
      </p>
      <Button size="sm" onClick={() => void reloadForUpdate()}>
        {t('shell.update.reload')}
      </Button>
    </section>
  );
}
