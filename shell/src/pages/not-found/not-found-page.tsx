import {
  AlertIcon,
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  useT,
} from '@district/ui';
import { Link } from 'react-router-dom';
import { PublicShell } from '../public-shell';

export function NotFoundPage() {
  const { t, m } = useT();
  return (
    <PublicShell>
      <Card className="narrow-card">
        <CardHeader>
          <span className="status-icon status-icon--error">
            <AlertIcon size="lg" />
          </span>
          <CardTitle as="h1">{m.screen.notFoundTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="muted">{m.screen.notFoundText}</p>
        </CardContent>
        <CardFooter>
          <Button asChild variant="outline">
            <Link to="/">{t('shell.common.goHome')}</Link>
          </Button>
        </CardFooter>
      </Card>
    </PublicShell>
  );
}
