import {
  createOpportunityFormSchema,
  REPEAT_WEEKS_MAX,
  REPEAT_WEEKS_MIN,
  SPACES_MIN,
  updateOpportunityFormSchema,
  type Opportunity,
} from '@district/contracts';
import { Field, Input, Textarea, useT, type SchemaForm } from '@district/ui';
import type { z } from 'zod';
import {
  dateInputValue,
  dateTimeInputsToIso,
  timeInputValue,
  todayInputValue,
} from '../volunteer/format-date';

// What the Create and Edit dialogs hold: the spec's fields (date is the day), plus the start and
// end times and "Repeat weekly" (issue 18).
export interface OpportunityFormValues {
  title: string;
  description: string;
  location: string;
  date: string;
  startTime: string;
  endTime: string;
  spaces: string;
  repeat: boolean;
  repeatWeeks: string;
  // Whether the admin chose the end: until then it follows the start (+2 hours).
  endChosen: boolean;
}

const DEFAULT_START = '09:00';

function plusTwoHours(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Math.min(Number(match[1]) + 2, 23);
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

// SPEC §2: empty title, description and location, today, 1 space; 9:00 to 11:00.
export const defaultFormValues = (): OpportunityFormValues => ({
  title: '',
  description: '',
  location: '',
  date: todayInputValue(),
  startTime: DEFAULT_START,
  endTime: plusTwoHours(DEFAULT_START),
  spaces: '1',
  repeat: false,
  repeatWeeks: '4',
  endChosen: false,
});

export const formValuesOf = (opportunity: Opportunity): OpportunityFormValues => ({
  title: opportunity.title,
  description: opportunity.description,
  location: opportunity.location,
  date: dateInputValue(opportunity.date),
  startTime: timeInputValue(opportunity.date),
  endTime: timeInputValue(opportunity.endsAt),
  spaces: String(opportunity.spaces),
  repeat: false,
  repeatWeeks: '4',
  endChosen: true,
});

// A day and a time as one instant: '' (Required) when either is empty, 'invalid' when unreadable.
function instantOf(day: string, time: string): string {
  if (!day || !time) return '';
  return dateTimeInputsToIso(day, time) ?? 'invalid';
}

// The form as the API's fields: the end is on the start's day. A date problem shows under Date
// when the day is missing, else under Start time.
function requestFields(values: OpportunityFormValues) {
  return {
    title: values.title,
    description: values.description,
    location: values.location,
    date: instantOf(values.date, values.startTime),
    endsAt: values.date ? instantOf(values.date, values.endTime) || 'invalid' : undefined,
    spaces: values.spaces,
  };
}

// What the Create dialog's form checks with the service's own schema (createOpportunityFormSchema),
// so the messages under the fields are the server's.
export function createInput(values: OpportunityFormValues) {
  return {
    ...requestFields(values),
    ...(values.repeat
      ? {
          repeatWeeks: values.repeatWeeks,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }
      : {}),
  };
}

// The create body: as checked, with the numbers the schema read.
export const createBody = (
  values: OpportunityFormValues,
  data: z.output<typeof createOpportunityFormSchema>,
): Record<string, unknown> => ({
  ...createInput(values),
  spaces: data.spaces,
  repeatWeeks: data.repeatWeeks,
});

// Only what changed; undefined when nothing did.
export function changedFields(
  values: OpportunityFormValues,
  original: Opportunity,
): Record<string, unknown> | undefined {
  const fields = requestFields(values);
  const changed: Record<string, unknown> = {};
  if (fields.title !== original.title) changed.title = fields.title;
  if (fields.description !== original.description) changed.description = fields.description;
  if (fields.location !== original.location) changed.location = fields.location;
  if (fields.date !== original.date) changed.date = fields.date;
  if (fields.endsAt !== original.endsAt) changed.endsAt = fields.endsAt;
  if (fields.spaces !== String(original.spaces)) changed.spaces = fields.spaces;
  return Object.keys(changed).length === 0 ? undefined : changed;
}

// What the Edit dialog's form checks (updateOpportunityFormSchema): the changes, with both times
// so the end-after-start rule is checked here too.
export function updateInput(values: OpportunityFormValues, original: Opportunity) {
  const fields = requestFields(values);
  return { ...changedFields(values, original), date: fields.date, endsAt: fields.endsAt };
}

// The PATCH body: only the changes, spaces as the number the schema read.
export function updateBody(
  values: OpportunityFormValues,
  original: Opportunity,
  data: z.output<typeof updateOpportunityFormSchema>,
): Record<string, unknown> {
  const changed = changedFields(values, original) ?? {};
  return { ...changed, ...(changed.spaces !== undefined ? { spaces: data.spaces } : {}) };
}

interface OpportunityFormProps {
  id: string;
  form: SchemaForm<OpportunityFormValues>;
  // Creating offers "Repeat weekly"; editing changes one date.
  allowRepeat?: boolean;
}

// The fields of the Create Opportunity and Edit Opportunity dialogs.
export function OpportunityForm({ id, form, allowRepeat = false }: OpportunityFormProps) {
  const { values } = form;
  const set =
    (name: 'title' | 'description' | 'location' | 'date' | 'spaces' | 'repeatWeeks') =>
    (event: { target: { value: string } }) =>
      form.change(name)(event.target.value);
  const setStart = (event: { target: { value: string } }) =>
    form.setValues((current) => ({
      ...current,
      startTime: event.target.value,
      endTime: current.endChosen ? current.endTime : plusTwoHours(event.target.value),
    }));
  const setEnd = (event: { target: { value: string } }) =>
    form.setValues((current) => ({ ...current, endTime: event.target.value, endChosen: true }));

  const { t } = useT();
  // The checks speak the shared catalogue's English: shown in the language in use.
  const error = form.fieldError;

  return (
    <form id={id} className="volunteer-form" {...form.formProps}>
      <Field label={t('volunteer.form.title')} error={error('title')}>
        <Input name="title" value={values.title} onChange={set('title')} autoComplete="off" />
      </Field>
      <Field label={t('volunteer.form.description')} error={error('description')}>
        <Textarea
          name="description"
          rows={4}
          value={values.description}
          onChange={set('description')}
        />
      </Field>
      <Field label={t('volunteer.form.location')} error={error('location')}>
        <Input
          name="location"
          value={values.location}
          onChange={set('location')}
          autoComplete="off"
        />
      </Field>
      <div className="volunteer-form__row">
        <Field label={t('volunteer.form.date')} error={values.date ? undefined : error('date')}>
          <Input name="date" type="date" value={values.date} onChange={set('date')} />
        </Field>
        <Field label={t('volunteer.form.spaces')} error={error('spaces')}>
          <Input
            name="spaces"
            type="number"
            inputMode="numeric"
            min={SPACES_MIN}
            step={1}
            value={values.spaces}
            onChange={set('spaces')}
          />
        </Field>
      </div>
      <div className="volunteer-form__row">
        <Field
          label={t('volunteer.form.startTime')}
          error={values.date ? error('date') : undefined}
        >
          <Input name="startTime" type="time" value={values.startTime} onChange={setStart} />
        </Field>
        <Field label={t('volunteer.form.endTime')} error={error('endsAt')}>
          <Input name="endTime" type="time" value={values.endTime} onChange={setEnd} />
        </Field>
      </div>
      {allowRepeat ? (
        <div className="volunteer-form__repeat">
          <label className="finder__check">
            <input
              type="checkbox"
              name="repeat"
              checked={values.repeat}
              onChange={(event) => form.change('repeat')(event.target.checked)}
            />
            {t('volunteer.form.repeatWeekly')}
          </label>
          {values.repeat ? (
            <Field
              label={t('volunteer.form.repeatCount')}
              description={t('volunteer.form.repeatCountHint', {
                min: REPEAT_WEEKS_MIN,
                max: REPEAT_WEEKS_MAX,
              })}
              error={error('repeatWeeks')}
            >
              <Input
                name="repeatWeeks"
                type="number"
                inputMode="numeric"
                min={REPEAT_WEEKS_MIN}
                max={REPEAT_WEEKS_MAX}
                step={1}
                value={values.repeatWeeks}
                onChange={set('repeatWeeks')}
              />
            </Field>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
