import {
  fieldErrorMap,
  HOURS_DEFAULT,
  HOURS_MAX,
  HOURS_MIN,
  HOURS_STEP,
  serviceHoursSchema,
  type Opportunity,
} from '@district/contracts';
import { Button, Combobox, Field, Input, Textarea, type SelectOption } from '@district/ui';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorText, formatHoursDate, hoursLabel, todayInputValue } from '../../shared/format';
import { useLogHours, useOpportunities } from '../../shared/hours-api';

const NO_EVENT = 'none';
const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

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
    : `${opportunity.title} (${LONG_DATE.format(date)})`;
}

// SPEC §2 log form: hours (0.5 steps, 0.5–24, default 1), date (default today), optional related
// event from all opportunities, description. Validated with the same schema as the server.
export function LogHoursForm() {
  const [values, setValues] = useState<FormValues>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [logged, setLogged] = useState<string | null>(null);
  const opportunities = useOpportunities();
  const logHours = useLogHours();
  const statusId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const eventOptions = useMemo<SelectOption[]>(() => {
    const list = opportunities.data ?? [];
    return [
      { value: NO_EVENT, label: list.length > 0 ? 'No related event' : 'No events available' },
      ...list.map((o) => ({ value: String(o.id), label: eventLabel(o) })),
    ];
  }, [opportunities.data]);

  const set = (field: keyof FormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLogged(null);
    const input = {
      hours: values.hours,
      date: values.date,
      description: values.description,
      opportunityId: values.opportunityId === NO_EVENT ? undefined : values.opportunityId,
      organisation: values.organisation,
      contactEmail: values.contactEmail,
    };
    const parsed = serviceHoursSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorMap(parsed.error));
      return;
    }
    setErrors({});
    logHours.mutate(
      {
        hours: parsed.data.hours,
        // The calendar day as picked, never shifted through a time zone.
        date: values.date,
        description: parsed.data.description,
        ...(parsed.data.opportunityId !== undefined
          ? { opportunityId: parsed.data.opportunityId }
          : {}),
        ...(parsed.data.organisation && parsed.data.contactEmail
          ? { organisation: parsed.data.organisation, contactEmail: parsed.data.contactEmail }
          : {}),
      },
      {
        onSuccess: (entry) => {
          setValues(initialValues());
          // The pressed Submit was disabled while it worked and lost the focus: the keyboard
          // starts the next entry at its first field (the status line is announced meanwhile).
          if (document.activeElement === document.body)
            formRef.current?.querySelector<HTMLElement>('input[name="hours"]')?.focus();
          setLogged(
            `Logged ${hoursLabel(entry.hours)} for ${formatHoursDate(entry.date)}. It is pending approval.` +
              (entry.confirmation
                ? ` We e-mailed ${entry.confirmation.contactEmail} to confirm it.`
                : ''),
          );
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      className="hours-form"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={statusId}
    >
      <div className="hours-form__row">
        <Field label="Hours" error={errors.hours}>
          <Input
            name="hours"
            type="number"
            inputMode="decimal"
            step={HOURS_STEP}
            min={HOURS_MIN}
            max={HOURS_MAX}
            value={values.hours}
            onChange={(e) => set('hours')(e.target.value)}
          />
        </Field>
        <Field label="Date" error={errors.date}>
          <Input
            name="date"
            type="date"
            max={todayInputValue()}
            value={values.date}
            onChange={(e) => set('date')(e.target.value)}
          />
        </Field>
      </div>
      <Field
        label="Related event"
        optional
        error={errors.opportunityId}
        description={
          opportunities.isError
            ? 'Events could not be loaded; you can still log hours without one.'
            : undefined
        }
      >
        {/* Issue 14.4: a searchable combobox, since "all opportunities" is dozens of events. */}
        <Combobox
          name="opportunityId"
          options={eventOptions}
          value={values.opportunityId}
          onValueChange={set('opportunityId')}
          disabled={opportunities.isLoading}
          placeholder="Type to search events"
          listLabel="Events"
          emptyText="No event matches"
        />
      </Field>
      <Field label="Description" error={errors.description}>
        <Textarea
          name="description"
          rows={4}
          placeholder="What did you do?"
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
        />
      </Field>
      {/* Issue 19: the organisation's contact is e-mailed a link to confirm the hours. */}
      <div className="hours-form__row">
        <Field label="Organisation" optional error={errors.organisation}>
          <Input
            name="organisation"
            autoComplete="organization"
            value={values.organisation}
            onChange={(e) => set('organisation')(e.target.value)}
          />
        </Field>
        <Field
          label="Contact e-mail"
          optional
          error={errors.contactEmail}
          description="We e-mail them a link to confirm your hours."
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
          {logHours.isPending ? 'Submitting…' : 'Submit Hours'}
        </Button>
        <div id={statusId} className="hours-form__status" aria-live="polite">
          {logHours.isError ? (
            <p role="alert" className="hours-inline-error">
              Could not log your hours: {errorText(logHours.error)}
            </p>
          ) : logged ? (
            <p className="hours-inline-success">{logged}</p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
