import {
  DISTRICT_CLAIM_TTL_MINUTES,
  isDistrictRefusal,
  type DistrictRefusal,
} from '@district/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Spinner,
  useSchemaForm,
  useT,
} from '@district/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { SubmitButton, TextField } from '../../forms/form-fields';
import { loadSchemas } from '../../forms/load-schemas';
import { useDistrictSignInOptions } from '../auth/auth.queries';
import {
  useDistrictClaim,
  useDistrictLink,
  usePendingDistrictLink,
} from './district-sign-in.queries';
import { PublicShell } from '../public-shell';

export { ready } from './district-catalogue';

// Issue 31: where a district sign-in that did not end signed in lands (/auth/district?reason=…):
// why, and whom to ask. No account was made.
export function DistrictRefusedPage() {
  const [params] = useSearchParams();
  const reason = params.get('reason');
  return <Refusal reason={isDistrictRefusal(reason) ? reason : 'expired'} />;
}

function Refusal({ reason }: { reason: DistrictRefusal }) {
  const { t } = useT();
  const options = useDistrictSignInOptions().data;
  return (
    <PublicShell>
      <Card className="narrow-card" role="alert">
        <CardHeader>
          <CardTitle as="h1">{t('shell.district.refusedTitle')}</CardTitle>
          <CardDescription>{t(`shell.district.refused.${reason}`)}</CardDescription>
        </CardHeader>
        <CardContent>
          <p>
            {t('shell.district.askHelp', {
              contact: options?.helpContact || t('shell.district.defaultContact'),
            })}
          </p>
        </CardContent>
        <CardFooter>
          <Button asChild block>
            <Link to="/auth">{t('shell.common.backToLogin')}</Link>
          </Button>
        </CardFooter>
      </Card>
    </PublicShell>
  );
}

// The district account matches a platform account that has a password: its owner types it once,
// then either way of signing in opens the same account.
export function DistrictLinkPage() {
  const { t } = useT();
  const pending = usePendingDistrictLink();
  const link = useDistrictLink();
  const claim = useDistrictClaim();
  const form = useSchemaForm({
    initial: { password: '' },
    schema: async () => (await loadSchemas()).districtLinkSchema,
    onValid: (data) => link.mutate(data),
  });

  if (pending.isPending) return <Spinner label={t('shell.district.linkLoading')} />;
  // Nothing waiting for a password (too late, or another browser).
  if (pending.isError) return <Refusal reason="expired" />;
  return (
    <PublicShell>
      <Card className="narrow-card">
        <CardHeader>
          <CardTitle as="h1">{t('shell.district.linkTitle')}</CardTitle>
          <CardDescription>
            {t('shell.district.linkDescription', {
              email: pending.data.email,
              username: pending.data.username,
            })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form {...form.formProps} className="form" aria-label={t('shell.district.linkTitle')}>
            <TextField
              form={form}
              name="password"
              label={t('shell.form.password')}
              type="password"
              autoComplete="current-password"
            />
            <SubmitButton pending={link.isPending} pendingLabel={t('shell.district.linkPending')}>
              {t('shell.district.linkSubmit')}
            </SubmitButton>
          </form>
        </CardContent>
        {/* Issue 31: someone else may have made that account with this address. The district
            proved the mailbox is this person's; a link sent to it proves it to the platform. */}
        <CardFooter className="district-claim">
          {claim.isSuccess ? (
            <p role="status">
              {t('shell.district.claimSent', {
                email: pending.data.email,
                minutes: DISTRICT_CLAIM_TTL_MINUTES,
              })}
            </p>
          ) : (
            <>
              <p>{t('shell.district.claimIntro', { email: pending.data.email })}</p>
              <Button
                type="button"
                variant="outline"
                block
                disabled={claim.isPending}
                aria-busy={claim.isPending || undefined}
                onClick={() => claim.mutate()}
              >
                {claim.isPending ? t('shell.district.claimPending') : t('shell.district.claim')}
              </Button>
            </>
          )}
        </CardFooter>
      </Card>
    </PublicShell>
  );
}
