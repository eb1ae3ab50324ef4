import { rejectionFormSchema, type ServiceHoursLog } from '@district/contracts';
import { Button, Dialog, Field, Textarea, useSchemaForm, useT } from '@district/ui';
import { useId, useState } from 'react';
import { errorText, hoursLabel } from '../../shared/format';

// Issue 33: a few reasons a supervisor gives often, in the reviewer's language.
const COMMON_REASONS = [
  'hours.reject.reasonMismatch',
  'hours.reject.reasonNotVolunteer',
  'hours.reject.reasonMissingDetails',
] as const;

export interface RejectDialogProps {
  entry: ServiceHoursLog;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReject: (reason: string) => void;
  rejecting: boolean;
  error: Error | null;
}

// Issue 33: rejecting asks why. A common reason fills the text, which can be edited; the reason is
// required here (the API keeps it optional, as the spec's body has none).
export function RejectDialog({
  entry,
  open,
  onOpenChange,
  onReject,
  rejecting,
  error,
}: RejectDialogProps) {
  const { t } = useT();
  const formId = useId();
  const form = useSchemaForm({
    initial: { reason: '' },
    schema: rejectionFormSchema,
    revalidateOnChange: true,
    onValid: (data) => onReject(data.reason),
  });
  const who = { hours: hoursLabel(entry.hours), name: entry.userName };
  // Which radio is on: a common reason (its text then fills the field) or "Something else".
  const [choice, setChoice] = useState<string | null>(null);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          setChoice(null);
        }
        onOpenChange(next);
      }}
      title={t('hours.reject.title', who)}
      description={t('hours.reject.description')}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('hours.reject.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="destructive" disabled={rejecting}>
            {rejecting ? t('hours.reject.rejecting') : t('hours.reject.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} className="reject-form" {...form.formProps}>
        <fieldset className="reject-form__reasons">
          <legend>{t('hours.reject.common')}</legend>
          {COMMON_REASONS.map((key) => (
            <label key={key} className="reject-form__reason">
              <input
                type="radio"
                name="common-reason"
                checked={choice === key}
                onChange={() => {
                  setChoice(key);
                  form.change('reason')(t(key));
                }}
              />
              {t(key)}
            </label>
          ))}
          <label className="reject-form__reason">
            <input
              type="radio"
              name="common-reason"
              checked={choice === 'other'}
              onChange={() => {
                setChoice('other');
                form.change('reason')('');
                form.formProps.ref.current?.querySelector<HTMLElement>('textarea')?.focus();
              }}
            />
            {t('hours.reject.reasonOther')}
          </label>
        </fieldset>
        <Field label={t('hours.reject.reason')} error={form.fieldError('reason')}>
          <Textarea
            name="reason"
            rows={3}
            maxLength={500}
            value={form.values.reason}
            onChange={(e) => form.change('reason')(e.target.value)}
          />
        </Field>
        {error ? (
          <p role="alert" className="hours-inline-error">
            {t('hours.reject.failed', { error: errorText(error) })}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
