import {
  apiPaths,
  type GuardianConsentDecision,
  type GuardianConsentRequest,
} from '@district/contracts';
import {
  AlertIcon,
  apiRequest,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CheckCircleIcon,
  Spinner,
} from '@district/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { PublicShell } from '../public-shell';

// Issue 20: the page a guardian's e-mail link opens (signed out). It says in plain words what
// the platform collects (docs/privacy.md) and records the guardian's answer.
export function GuardianConsentPage() {
  const { token = '' } = useParams();
  const request = useQuery<GuardianConsentRequest>({
    queryKey: [apiPaths.guardianConsent(token)],
    queryFn: async () => (await apiRequest('GET', apiPaths.guardianConsent(token))).json(),
    retry: false,
  });
  const decide = useMutation<void, Error, GuardianConsentDecision['decision']>({
    mutationFn: async (decision) => {
      await apiRequest('POST', apiPaths.guardianConsent(token), { decision });
    },
  });

  let body;
  if (request.isPending) body = <Spinner page label="Loading" />;
  else if (decide.isSuccess) body = <Answered consented={decide.variables === 'consent'} />;
  else if (request.isError || !request.data) body = <InvalidLink />;
  else
    body = (
      <Card className="narrow-card">
        <CardHeader>
          <CardTitle as="h1">Consent for {request.data.studentName}</CardTitle>
          <CardDescription>
            {request.data.studentName} ({request.data.school}, grade {request.data.grade}) created
            an account on the school district&apos;s volunteering platform. Because they are under
            13, the account stays limited until you agree. Without an answer it is deleted on{' '}
            {new Date(request.data.deadline).toLocaleDateString()}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <h2 className="consent-page__heading">What the platform keeps</h2>
          <ul className="consent-page__list">
            <li>Username, e-mail address and a password (only a scrambled form of it).</li>
            <li>Name, school, grade and, if they add one, a profile picture.</li>
            <li>The volunteering they sign up for, their service hours, blog posts and photos.</li>
            <li>A record of what school staff do with the account.</li>
          </ul>
          <h2 className="consent-page__heading">Who sees it</h2>
          <p>
            Other students in the district see their name, school, grade and picture (unless they
            hide themselves); school staff see everything to run the programme. The e-mail address
            is never shown. Nothing is sold, used for advertising or shared outside the district.
          </p>
          <p className="muted">
            You or your child can download everything or delete the account at any time.
          </p>
          {decide.isError && (
            <p className="muted" role="alert">
              {decide.error.message}
            </p>
          )}
        </CardContent>
        <CardFooter>
          <Button onClick={() => decide.mutate('consent')} disabled={decide.isPending}>
            I consent
          </Button>
          <Button
            variant="outline"
            onClick={() => decide.mutate('refuse')}
            disabled={decide.isPending}
          >
            Refuse and delete the account
          </Button>
        </CardFooter>
      </Card>
    );
  return <PublicShell>{body}</PublicShell>;
}

function Answered({ consented }: { consented: boolean }) {
  return (
    <Card className="narrow-card">
      <CardHeader>
        <span className="status-icon status-icon--success">
          <CheckCircleIcon size="lg" />
        </span>
        <CardTitle as="h1">Thank you</CardTitle>
        <CardDescription>
          {consented
            ? 'Your consent is recorded. The account is no longer limited.'
            : 'The account and everything in it has been deleted.'}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

function InvalidLink() {
  return (
    <Card className="narrow-card">
      <CardHeader>
        <span className="status-icon status-icon--error">
          <AlertIcon size="lg" />
        </span>
        <CardTitle as="h1">This link does not work</CardTitle>
        <CardDescription>
          It may have been used already, replaced by a newer e-mail, or expired. Ask the school to
          send a new one.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
