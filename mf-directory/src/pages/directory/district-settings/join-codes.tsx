import {
  canonicalSchoolName,
  createJoinCodeSchema,
  isSchoolName,
  JOIN_CODE_USES_MAX,
  SCHOOL_NAMES,
  type JoinCodeView,
} from '@district/contracts';
import {
  AlertDialog,
  Badge,
  Button,
  CopyIcon,
  EmptyState,
  Field,
  formatDate,
  formatNumber,
  i18n,
  Input,
  SectionCard,
  Select,
  Spinner,
  StackTable,
  toast,
  useAuth,
  useSchemaForm,
  useT,
  type BadgeVariant,
} from '@district/ui';
import { useState } from 'react';
import { useCreateJoinCode, useJoinCodes, useRevokeJoinCode } from './join-codes.queries';
import { LoadFailed } from '../load-failed';

const DEFAULT_USES = 30;
const DEFAULT_DAYS = 30;

// A calendar day as the date input holds it (YYYY-MM-DD), in the browser's zone.
function dayInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// The code works until the end of the chosen day where the creator is.
function endOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(year, month - 1, date, 23, 59, 59, 999).toISOString();
}

type Status = 'active' | 'revoked' | 'expired' | 'usedUp';
const STATUS = {
  active: { label: 'directory.joinCodes.state.active', badge: 'highlight' },
  revoked: { label: 'directory.joinCodes.state.revoked', badge: 'destructive' },
  expired: { label: 'directory.joinCodes.state.expired', badge: 'outline' },
  usedUp: { label: 'directory.joinCodes.state.usedUp', badge: 'outline' },
} as const satisfies Record<Status, { label: string; badge: BadgeVariant }>;

function statusOf(code: JoinCodeView): Status {
  if (code.active) return 'active';
  if (code.revokedAt !== null) return 'revoked';
  return code.used >= code.uses ? 'usedUp' : 'expired';
}

async function copyCode(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    toast({ title: i18n._('directory.joinCodes.copied', { code }) });
  } catch {
    toast({
      title: i18n._('directory.joinCodes.copyFailed'),
      description: i18n._('directory.joinCodes.copyFailedText', { code }),
    });
  }
}

// Issue 31, part of District settings: supervisors hand out join codes for their own school,
// admins for any. The server decides what each may list, create and revoke (and audits it); the
// school choice here only saves a supervisor a refusal.
export function JoinCodes() {
  const { t } = useT();
  return (
    <SectionCard
      titleId="join-codes-title"
      title={t('directory.joinCodes.title')}
      header={<p className="dir-section__intro">{t('directory.joinCodes.intro')}</p>}
      contentClassName="dir-section"
    >
      <CreateOrExplain />
      <JoinCodeList />
    </SectionCard>
  );
}

// A supervisor whose account names no school of the registry (staff accounts often do not) has no
// school to hand codes out for: the server would refuse, so the form is not offered.
function CreateOrExplain() {
  const { t } = useT();
  const { user: me } = useAuth();
  if (me && !me.isAdmin && !isSchoolName(canonicalSchoolName(me.school)))
    return <p className="dir-section__note">{t('directory.joinCodes.noOwnSchool')}</p>;
  return <CreateJoinCodeForm />;
}

interface FormValues {
  school: string;
  uses: string;
  expiresOn: string;
}

function CreateJoinCodeForm() {
  const { t } = useT();
  const { user: me } = useAuth();
  const create = useCreateJoinCode();
  const [created, setCreated] = useState<string | null>(null);
  // A supervisor's own school as the server names it (an older free-text school still matches).
  const ownSchool = me?.isAdmin ? undefined : canonicalSchoolName(me?.school);
  const schools = ownSchool ? [ownSchool] : SCHOOL_NAMES;
  const initial = (): FormValues => ({
    school: ownSchool ?? '',
    uses: String(DEFAULT_USES),
    expiresOn: dayInputValue(new Date(Date.now() + DEFAULT_DAYS * 86_400_000)),
  });

  const form = useSchemaForm({
    initial,
    schema: createJoinCodeSchema,
    toInput: (values) => ({
      school: values.school,
      uses: values.uses.trim() === '' ? undefined : Number(values.uses),
      expiresAt: endOfDay(values.expiresOn),
    }),
    onValid: (input) =>
      create.mutate(input, {
        onSuccess: ({ code }) => {
          setCreated(code);
          form.reset(initial());
        },
        onError: (error) => void form.showServerErrors(error),
      }),
  });
  const { values, change } = form;

  return (
    <form
      className="dir-join-form"
      aria-labelledby="join-codes-create-title"
      {...form.formProps}
      onSubmit={(event) => {
        setCreated(null);
        form.formProps.onSubmit(event);
      }}
    >
      <h3 id="join-codes-create-title" className="dir-section__heading">
        {t('directory.joinCodes.create')}
      </h3>
      <div className="dir-join-form__fields">
        <Field
          label={t('directory.joinCodes.school')}
          error={form.fieldError('school')}
          description={ownSchool ? t('directory.joinCodes.ownSchoolOnly') : undefined}
        >
          <Select
            name="school"
            options={schools.map((school) => ({ value: school, label: school }))}
            value={values.school}
            onValueChange={change('school')}
            placeholder={t('directory.joinCodes.schoolPlaceholder')}
            disabled={ownSchool !== undefined}
          />
        </Field>
        <Field label={t('directory.joinCodes.uses')} error={form.fieldError('uses')}>
          <Input
            name="uses"
            type="number"
            inputMode="numeric"
            min={1}
            max={JOIN_CODE_USES_MAX}
            step={1}
            value={values.uses}
            onChange={(event) => change('uses')(event.target.value)}
          />
        </Field>
        <Field
          label={t('directory.joinCodes.expiresOn')}
          error={form.fieldError('expiresAt')}
          description={t('directory.joinCodes.expiresOnHint')}
        >
          <Input
            name="expiresAt"
            type="date"
            min={dayInputValue(new Date())}
            value={values.expiresOn}
            onChange={(event) => change('expiresOn')(event.target.value)}
          />
        </Field>
      </div>
      <div className="dir-join-form__footer">
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? t('directory.joinCodes.creating') : t('directory.joinCodes.create')}
        </Button>
        <div aria-live="polite" className="dir-join-form__status">
          {created ? (
            <p className="dir-join-form__created">
              {t('directory.joinCodes.created')} <code className="dir-join-code">{created}</code>{' '}
              <Button
                size="sm"
                variant="outline"
                type="button"
                onClick={() => void copyCode(created)}
              >
                <CopyIcon size="sm" />
                {t('directory.joinCodes.copy')}
              </Button>
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}

function JoinCodeList() {
  const { t } = useT();
  const codes = useJoinCodes();
  const revoke = useRevokeJoinCode();
  // Asked before revoking; kept while the dialog animates closed so its text does not blank out.
  const [asked, setAsked] = useState<JoinCodeView | null>(null);
  const [shown, setShown] = useState<JoinCodeView | null>(null);

  if (codes.isPending) return <Spinner label={t('directory.joinCodes.loading')} />;
  if (codes.isError) {
    return (
      <LoadFailed
        title={t('directory.joinCodes.loadFailed')}
        error={codes.error}
        onRetry={codes.refetch}
      />
    );
  }
  if (codes.data.length === 0) return <EmptyState description={t('directory.joinCodes.empty')} />;
  const headings = [
    t('directory.joinCodes.code'),
    t('directory.joinCodes.school'),
    t('directory.joinCodes.used'),
    t('directory.joinCodes.expires'),
    t('directory.joinCodes.status'),
    t('directory.joinCodes.actions'),
  ];

  return (
    <>
      <StackTable
        boxClassName="dir-audit__scroll"
        regionLabel={t('directory.joinCodes.region')}
        className="dir-audit__table dir-join-codes"
        caption={t('directory.joinCodes.caption')}
        captionClassName="dir-audit__caption"
        headings={headings}
      >
        <tbody role="rowgroup">
          {codes.data.map((code) => {
            const status = statusOf(code);
            return (
              <tr key={code.id} role="row" data-join-code-id={code.id}>
                <th scope="row" role="rowheader" data-label={headings[0]}>
                  <code className="dir-join-code">{code.code}</code>
                </th>
                <td role="cell" data-label={headings[1]}>
                  {code.school}
                </td>
                <td role="cell" data-label={headings[2]}>
                  {t('directory.joinCodes.usedOf', {
                    used: formatNumber(code.used),
                    uses: formatNumber(code.uses),
                  })}
                </td>
                <td role="cell" data-label={headings[3]}>
                  <time dateTime={code.expiresAt}>{formatDate(code.expiresAt)}</time>
                </td>
                <td role="cell" data-label={headings[4]}>
                  <Badge variant={STATUS[status].badge}>{t(STATUS[status].label)}</Badge>
                </td>
                <td role="cell" data-label={headings[5]}>
                  <div className="dir-join-codes__actions">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void copyCode(code.code)}
                      aria-label={t('directory.joinCodes.copyCode', { code: code.code })}
                    >
                      <CopyIcon size="sm" />
                      {t('directory.joinCodes.copy')}
                    </Button>
                    {code.revokedAt === null ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={revoke.isPending && revoke.variables?.id === code.id}
                        aria-label={t('directory.joinCodes.revokeCode', { code: code.code })}
                        onClick={() => {
                          setShown(code);
                          setAsked(code);
                        }}
                      >
                        {t('directory.joinCodes.revoke')}
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </StackTable>
      <AlertDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title={t('directory.joinCodes.confirmTitle', { code: shown?.code ?? '' })}
        description={t('directory.joinCodes.confirmText', { school: shown?.school ?? '' })}
        actionLabel={t('directory.joinCodes.revoke')}
        cancelLabel={t('directory.cancel')}
        destructive
        onAction={() => {
          if (asked) revoke.mutate(asked);
        }}
      />
    </>
  );
}
