import { HOURS_DEFAULT, serviceHoursFormSchema, type Opportunity } from '@district/contracts';
import {
  Button,
  Combobox,
  Field,
  formatDate,
  Input,
  Textarea,
  useSchemaForm,
  useT,
  type SelectOption,
} from '@district/ui';
import { useId, useMemo, useState } from 'react';
import { errorText, formatHoursDate, hoursLabel, todayInputValue } from '../../shared/format';
import { HoursDateFields } from '../../shared/hours-date-fields';
import { useLogHours, useOpportunities } from '../../shared/hours.queries';

const NO_EVENT = 'none';

interface FormValues {
  hours: string;
  date: string;
  opportunityId: string;
  description: string;
  organisation: string;
  contactEmail: string;
}

const initialValues = (): FormValues => ({
  hours: String(HOURS_DEFAULT),
  date: todayInputValue(),
  opportunityId: NO_EVENT,
  description: '',
  organisation: '',
  contactEmail: '',
});

function eventLabel(opportunity: Opportunity): string {
  const date = new Date(opportunity.date);
  return Number.isNaN(date.getTime())
    ? opportunity.title
    : `${opportunity.title} (${formatDate(date, { dateStyle: 'long' })})`;
}

// SPEC §2 log form: hours (0.5 steps, 0.5–24, default 1), date (default today), optional related
// event from all opportunities, description. Validated with the same schema as the server.
export function LogHoursForm() {
  // What was logged, kept as data so the message follows a language switch.
  const [logged, setLogged] = useState<{ hours: number; date: string; email?: string } | null>(
    null,
  );
  const { t } = useT();
  const opportunities = useOpportunities();
  const logHours = useLogHours();
  const statusId = useId();

  const eventOptions = useMemo<SelectOption[]>(() => {
    const list = opportunities.data ?? [];
    return [
      {
        value: NO_EVENT,
        label: list.length > 0 ? t('hours.form.noEvent') : t('hours.form.noEvents'),
      },
      ...list.map((o) => ({ value: String(o.id), label: eventLabel(o) })),
    ];
    // `t` changes with the language: the labels are rebuilt on a switch.
  }, [opportunities.data, t]);

  const form = useSchemaForm({
    initial: initialValues,
    schema: serviceHoursFormSchema,
    toInput: (values) => ({
      ...values,
      opportunityId: values.opportunityId === NO_EVENT ? undefined : values.opportunityId,
    }),
    onValid: (data, values) =>
      logHours.mutate(
        {
          hours: data.hours,
          // The calendar day as picked, never shifted through a time zone.
          date: values.date,
          description: data.description,
          ...(data.opportunityId !== undefined ? { opportunityId: data.opportunityId } : {}),
          ...(data.organisation && data.contactEmail
            ? { organisation: data.organisation, contactEmail: data.contactEmail }
            : {}),
        },
        {
          onSuccess: (entry) => {
            form.reset(initialValues());
            // The pressed Submit was disabled while it worked and lost the focus: the keyboard
            // starts the next entry at its first field (the status line is announced meanwhile).
            if (document.activeElement === document.body)
              form.formProps.ref.current
                ?.querySelector<HTMLElement>('input[name="hours"]')
                ?.focus();
            setLogged({
              hours: entry.hours,
              date: entry.date,
              email: entry.confirmation?.contactEmail,
            });
          },
          // A refusal naming fields (400) shows under them, beside the status line.
          onError: (error) => void form.showServerErrors(error),
        },
      ),
  });
  const { values } = form;
  const set = form.change;
  // The schema's messages are the shared catalogue's English: shown in the language in use.
  const fieldError = form.fieldError;

  return (
    <form
      className="hours-form"
      {...form.formProps}
      onSubmit={(event) => {
        setLogged(null);
        form.formProps.onSubmit(event);
      }}
      aria-describedby={statusId}
    >
      <HoursDateFields form={form} />
      <Field
        label={t('hours.form.event')}
        optional
        error={fieldError('opportunityId')}
        description={opportunities.isError ? t('hours.form.eventsFailed') : undefined}
      >
        {/* Issue 14.4: a searchable combobox, since "all opportunities" is dozens of events. */}
        <Combobox
          name="opportunityId"
          options={eventOptions}
          value={values.opportunityId}
          onValueChange={set('opportunityId')}
          disabled={opportunities.isLoading}
          placeholder={t('hours.form.eventSearch')}
          listLabel={t('hours.form.events')}
          emptyText={t('hours.form.noEventMatches')}
        />
      </Field>
      <Field label={t('hours.form.description')} error={fieldError('description')}>
        <Textarea
          name="description"
          rows={4}
          placeholder={t('hours.form.descriptionPlaceholder')}
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
        />
      </Field>
      {/* Issue 19: the organisation's contact is e-mailed a link to confirm the hours. */}
      <div className="hours-form__row">
        <Field label={t('hours.form.organisation')} optional error={fieldError('organisation')}>
          <Input
            name="organisation"
            autoComplete="organization"
            value={values.organisation}
            onChange={(e) => set('organisation')(e.target.value)}
          />
        </Field>
        <Field
          label={t('hours.form.contactEmail')}
          optional
          error={fieldError('contactEmail')}
          description={t('hours.form.contactEmailHint')}
        >
          <Input
            name="contactEmail"
            type="email"
            autoComplete="off"
            value={values.contactEmail}
            onChange={(e) => set('contactEmail')(e.target.value)}
          />
        </Field>
      </div>
      <div className="hours-form__footer">
        <Button type="submit" disabled={logHours.isPending}>
          {logHours.isPending ? t('hours.form.submitting') : t('hours.form.submit')}
        </Button>
        <div id={statusId} className="hours-form__status" aria-live="polite">
          {logHours.isError ? (
            <p role="alert" className="hours-inline-error">
              {t('hours.form.failed', { error: errorText(logHours.error) })}
            </p>
          ) : logged ? (
            <p className="hours-inline-success">
              {t('hours.form.logged', {
                hours: hoursLabel(logged.hours),
                date: formatHoursDate(logged.date),
              })}
              {logged.email ? ` ${t('hours.form.loggedMailed', { email: logged.email })}` : ''}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
