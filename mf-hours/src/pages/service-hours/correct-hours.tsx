import { serviceHoursCorrectionFormSchema, type ServiceHoursLog } from '@district/contracts';
import { Button, Dialog, Field, Textarea, useSchemaForm, useT } from '@district/ui';
import { useId, useState } from 'react';
import { errorText, formatHoursDate, hoursLabel } from '../../shared/format';
import { HoursDateFields } from '../../shared/hours-date-fields';
import { useResubmitHours } from '../../shared/hours.queries';

interface FormValues {
  hours: string;
  date: string;
  description: string;
}

const valuesOf = (entry: ServiceHoursLog): FormValues => ({
  hours: String(entry.hours),
  date: entry.date.slice(0, 10),
  description: entry.description,
});

// Issue 33: a rejected entry's "Correct and resubmit": the entry's own fields in a dialog, checked
// with the schema the service parses with; sent again it waits for a new review.
export function CorrectHours({ entry }: { entry: ServiceHoursLog }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const resubmit = useResubmitHours();
  const form = useSchemaForm({
    initial: () => valuesOf(entry),
    schema: serviceHoursCorrectionFormSchema,
    revalidateOnChange: true,
    toInput: (values) => ({
      ...values,
      ...(entry.opportunityId !== null ? { opportunityId: String(entry.opportunityId) } : {}),
    }),
    onValid: (data, values) =>
      resubmit.mutate(
        {
          id: entry.id,
          hours: data.hours,
          // The calendar day as picked, never shifted through a time zone.
          date: values.date,
          description: data.description,
          ...(data.opportunityId !== undefined ? { opportunityId: data.opportunityId } : {}),
        },
        {
          onSuccess: () => setOpen(false),
          onError: (error) => void form.showServerErrors(error),
        },
      ),
  });
  if (entry.status !== 'rejected') return null;
  const reason = entry.rejectionReason;

  return (
    <>
      <Button
        type="button"
        size="sm"
        onClick={() => {
          resubmit.reset();
          form.reset(valuesOf(entry));
          setOpen(true);
        }}
        aria-label={t('hours.entry.resubmitLabel', {
          hours: hoursLabel(entry.hours),
          date: formatHoursDate(entry.date),
        })}
      >
        {t('hours.entry.resubmit')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('hours.correct.title')}
        description={
          reason ? t('hours.correct.descriptionReason', { reason }) : t('hours.correct.description')
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('hours.correct.cancel')}
            </Button>
            <Button type="submit" form={formId} disabled={resubmit.isPending}>
              {resubmit.isPending ? t('hours.correct.submitting') : t('hours.correct.submit')}
            </Button>
          </>
        }
      >
        <form id={formId} className="hours-form" {...form.formProps}>
          <HoursDateFields form={form} />
          <Field label={t('hours.form.description')} error={form.fieldError('description')}>
            <Textarea
              name="description"
              rows={4}
              value={form.values.description}
              onChange={(e) => form.change('description')(e.target.value)}
            />
          </Field>
          {resubmit.isError ? (
            <p role="alert" className="hours-inline-error">
              {t('hours.correct.failed', { error: errorText(resubmit.error) })}
            </p>
          ) : null}
        </form>
      </Dialog>
    </>
  );
}
