import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@district/ui';
import { createContext, useContext } from 'react';
import { Link } from 'react-router-dom';

// RemotePage provides the retry; the fallback may be rendered by the runtime plugin (as the
// "module" loadRemote returned) or by the error boundary, and both reach it here.
export const RemoteRetryContext = createContext<() => void>(() => window.location.reload());

export function RemoteUnavailable({ onRetry }: { onRetry?: () => void }) {
  const contextRetry = useContext(RemoteRetryContext);
  const retry = onRetry ?? contextRetry;
  return (
    <Card role="alert" className="remote-unavailable">
      <CardHeader>
        {/* It stands in for the area, whose h1 never arrived (axe page-has-heading-one). */}
        <CardTitle as="h1">This section could not be loaded</CardTitle>
        <CardDescription>
          It may be updating or your connection dropped. The rest of the site still works.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p>Try again in a moment, or go back to the home page.</p>
      </CardContent>
      <CardFooter>
        <Button onClick={retry}>Retry</Button>
        <Button variant="outline" asChild>
          <Link to="/">Go to Home</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
