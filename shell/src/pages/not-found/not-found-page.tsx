import { SCREEN_TEXTS } from '@district/contracts';
import {
  AlertIcon,
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@district/ui';
import { Link } from 'react-router-dom';
import { PublicShell } from '../public-shell';

export function NotFoundPage() {
  return (
    <PublicShell>
      <Card className="narrow-card">
        <CardHeader>
          <span className="status-icon status-icon--error">
            <AlertIcon size="lg" />
          </span>
          <CardTitle as="h1">{SCREEN_TEXTS.notFoundTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="muted">{SCREEN_TEXTS.notFoundText}</p>
        </CardContent>
        <CardFooter>
          <Button asChild variant="outline">
            <Link to="/">Go to Home</Link>
          </Button>
        </CardFooter>
      </Card>
    </PublicShell>
  );
}
