import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  useT,
} from '@district/ui';
import { createContext, useContext } from 'react';
import { Link } from 'react-router-dom';

// RemotePage provides the retry; the fallback may be rendered by the runtime plugin (as the
// "module" loadRemote returned) or by the error boundary, and both reach it here.
export const RemoteRetryContext = createContext<() => void>(() => window.location.reload());

export function RemoteUnavailable({ onRetry }: { onRetry?: () => void }) {
  const contextRetry = useContext(RemoteRetryContext);
  const retry = onRetry ?? contextRetry;
  const { t } = useT();
  return (
    <Card role="alert" className="remote-unavailable">
      <CardHeader>
        {/* It stands in for the area, whose h1 never arrived (axe page-has-heading-one). */}
        <CardTitle as="h1">{t('shell.remote.title')}</CardTitle>
        <CardDescription>{t('shell.remote.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <p>{t('shell.remote.hint')}</p>
      </CardContent>
      <CardFooter>
        <Button onClick={retry}>{t('shell.remote.retry')}</Button>
        <Button variant="outline" asChild>
          <Link to="/">{t('shell.common.goHome')}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
