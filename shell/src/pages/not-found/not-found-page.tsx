import { AlertIcon, Button, StatusCard, useT } from '@district/ui';
import { Link } from 'react-router-dom';
import { PublicShell } from '../public-shell';

export function NotFoundPage() {
  const { t, m } = useT();
  return (
    <PublicShell>
      <StatusCard
        icon={AlertIcon}
        tone="error"
        title={m.screen.notFoundTitle}
        footer={
          <Button asChild variant="outline">
            <Link to="/">{t('shell.common.goHome')}</Link>
          </Button>
        }
      >
        <p className="muted">{m.screen.notFoundText}</p>
      </StatusCard>
    </PublicShell>
  );
}
