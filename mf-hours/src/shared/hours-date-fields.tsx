import { HOURS_MAX, HOURS_MIN, HOURS_STEP } from '@district/contracts';
import { Field, Input, useT, type SchemaForm } from '@district/ui';
import { todayInputValue } from './format';

// The hours and date of an entry, side by side: the log form's and the correction's (issue 33).
export function HoursDateFields<V extends { hours: string; date: string }>({
  form,
}: {
  form: Pick<SchemaForm<V>, 'values' | 'change' | 'fieldError'>;
}) {
  const { t } = useT();
  return (
    <div className="hours-form__row">
      <Field label={t('hours.form.hours')} error={form.fieldError('hours')}>
        <Input
          name="hours"
          type="number"
          inputMode="decimal"
          step={HOURS_STEP}
          min={HOURS_MIN}
          max={HOURS_MAX}
          value={form.values.hours}
          onChange={(e) => form.change('hours')(e.target.value as V['hours'])}
        />
      </Field>
      <Field label={t('hours.form.date')} error={form.fieldError('date')}>
        <Input
          name="date"
          type="date"
          max={todayInputValue()}
          value={form.values.date}
          onChange={(e) => form.change('date')(e.target.value as V['date'])}
        />
      </Field>
    </div>
  );
}
