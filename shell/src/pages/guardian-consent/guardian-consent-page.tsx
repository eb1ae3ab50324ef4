import {
  AlertIcon,
  Button,
  CheckCircleIcon,
  formatDate,
  Spinner,
  StatusCard,
  useT,
} from '@district/ui';
import { useParams } from 'react-router-dom';
import { PublicShell } from '../public-shell';
import { useGuardianConsentDecision, useGuardianConsentRequest } from './guardian-consent.queries';

// Issue 20: the page a guardian's e-mail link opens (signed out). It says in plain words what
// the platform collects (docs/privacy.md) and records the guardian's answer.
export function GuardianConsentPage() {
  const { token = '' } = useParams();
  const { t } = useT();
  const request = useGuardianConsentRequest(token);
  const decide = useGuardianConsentDecision(token);

  let body;
  if (request.isPending) body = <Spinner page />;
  else if (decide.isSuccess) body = <Answered consented={decide.variables === 'consent'} />;
  else if (request.isError || !request.data) body = <InvalidLink />;
  else
    body = (
      <StatusCard
        title={t('shell.consent.title', { name: request.data.studentName })}
        description={t('shell.consent.intro', {
          name: request.data.studentName,
          school: request.data.school,
          grade: request.data.grade,
          deadline: formatDate(request.data.deadline),
        })}
        footer={
          <>
            <Button onClick={() => decide.mutate('consent')} disabled={decide.isPending}>
              {t('shell.consent.agree')}
            </Button>
            <Button
              variant="outline"
              onClick={() => decide.mutate('refuse')}
              disabled={decide.isPending}
            >
              {t('shell.consent.refuse')}
            </Button>
          </>
        }
      >
        <h2 className="consent-page__heading">{t('shell.consent.keepsHeading')}</h2>
        <ul className="consent-page__list">
          <li>{t('shell.consent.keepsAccount')}</li>
          <li>{t('shell.consent.keepsProfile')}</li>
          <li>{t('shell.consent.keepsActivity')}</li>
          <li>{t('shell.consent.keepsAudit')}</li>
        </ul>
        <h2 className="consent-page__heading">{t('shell.consent.seesHeading')}</h2>
        {/* Issue 33.11: the same account of what peers see as the student's privacy switch. */}
        <p>{t('shell.consent.seesText', { school: request.data.school })}</p>
        <p className="muted">{t('shell.consent.rights')}</p>
        {decide.isError && (
          <p className="muted" role="alert">
            {decide.error.message}
          </p>
        )}
      </StatusCard>
    );
  return <PublicShell>{body}</PublicShell>;
}

function Answered({ consented }: { consented: boolean }) {
  const { t } = useT();
  return (
    <StatusCard
      icon={CheckCircleIcon}
      tone="success"
      title={t('shell.consent.thanks')}
      description={t(consented ? 'shell.consent.recorded' : 'shell.consent.deleted')}
    />
  );
}

function InvalidLink() {
  const { t } = useT();
  return (
    <StatusCard
      icon={AlertIcon}
      tone="error"
      title={t('shell.consent.invalidTitle')}
      description={t('shell.consent.invalidText')}
    />
  );
}
