import {
  GRADE_MAX,
  GRADE_MIN,
  GOAL_HOURS_MAX,
  HOURS_STEP,
  OTHER_SCHOOL,
  SCHOOL_NAMES,
  toNumberInput,
  type HourGoal,
} from '@district/contracts';
import {
  Button,
  Field,
  Input,
  Select,
  Spinner,
  useT,
  type SelectOption,
  SectionCard,
} from '@district/ui';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../shared/format';
import {
  HourGoalsError,
  useHourGoals,
  useSaveHourGoals,
  type HourGoalDraft,
} from '../../shared/hour-goals.queries';

// The school select's value for a grade's district-wide goal (school null).
const DISTRICT = 'district';
const FIELDS = ['grade', 'school', 'hours', 'dueDate'] as const;
type GoalField = (typeof FIELDS)[number];

interface Row {
  // Stable across edits and removals, for React keys and control ids.
  key: number;
  grade: string;
  school: string;
  hours: string;
  dueDate: string;
}

let nextKey = 0;
const toRow = (goal: HourGoal): Row => ({
  key: nextKey++,
  grade: String(goal.grade),
  school: goal.school ?? DISTRICT,
  hours: String(goal.hours),
  dueDate: goal.dueDate,
});
const emptyRow = (): Row => ({
  key: nextKey++,
  grade: String(GRADE_MIN),
  school: DISTRICT,
  hours: '',
  dueDate: '',
});
const toDraft = (row: Row): HourGoalDraft => ({
  grade: toNumberInput(row.grade),
  school: row.school === DISTRICT ? null : row.school,
  hours: toNumberInput(row.hours),
  dueDate: row.dueDate,
});
const controlId = (row: Row, field: GoalField) => `hour-goal-${row.key}-${field}`;

// Issue 19, admins: the hour goals per grade, district-wide or for one school. The whole list is
// saved at once (PUT replaces the set); the server's messages show beside the field they name.
export default function HourGoalsEditor() {
  const { t } = useT();
  const goals = useHourGoals();
  return (
    <SectionCard titleId="hour-goals-title" title={t('hours.goals.title')}>
      {goals.isError ? (
        <p role="alert" className="hours-inline-error">
          {t('hours.goals.loadFailed', { error: errorText(goals.error) })}
        </p>
      ) : !goals.data ? (
        <Spinner label={t('hours.goals.loading')} />
      ) : (
        <GoalsForm initial={goals.data} />
      )}
    </SectionCard>
  );
}

function GoalsForm({ initial }: { initial: readonly HourGoal[] }) {
  const { t } = useT();
  const [rows, setRows] = useState<Row[]>(() => initial.map(toRow));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveHourGoals();
  const addButton = useRef<HTMLButtonElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  // The control to focus once the rows are rendered (a new row's grade, the first bad field).
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const gradeOptions = useMemo<SelectOption[]>(
    () =>
      Array.from({ length: GRADE_MAX - GRADE_MIN + 1 }, (_, i) => ({
        value: String(GRADE_MIN + i),
        label: t('hours.grade', { grade: GRADE_MIN + i }),
      })),
    [t],
  );
  const schoolOptions = useMemo<SelectOption[]>(
    () => [
      { value: DISTRICT, label: t('hours.goals.allSchools') },
      ...SCHOOL_NAMES.map((name) => ({ value: name, label: name })),
      { value: OTHER_SCHOOL, label: t('hours.goals.otherSchool') },
    ],
    [t],
  );

  const edit = (index: number, field: GoalField) => (value: string) => {
    setSaved(false);
    setRows((list) => list.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    setErrors((e) => {
      const path = `${index}.${field}`;
      if (!(path in e)) return e;
      const next = { ...e };
      delete next[path];
      return next;
    });
  };
  const add = () => {
    const row = emptyRow();
    setSaved(false);
    setRows((list) => [...list, row]);
    setFocusId(controlId(row, 'grade'));
  };
  const remove = (index: number) => {
    setSaved(false);
    setRows((list) => list.filter((_, i) => i !== index));
    // The messages named rows by position, which has just changed.
    setErrors({});
    addButton.current?.focus();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    setErrors({});
    save.mutate(rows.map(toDraft), {
      onSuccess: (goals) => {
        setRows(goals.map(toRow));
        setSaved(true);
      },
      onError: (error) => {
        const fieldErrors = error instanceof HourGoalsError ? error.fieldErrors : {};
        setErrors(fieldErrors);
        // Keyboard and screen-reader users land on the first field to fix, else the message.
        const first = rows
          .flatMap((row, i) => FIELDS.map((field) => ({ row, path: `${i}.${field}`, field })))
          .find(({ path }) => path in fieldErrors);
        if (first) setFocusId(controlId(first.row, first.field));
        else summary.current?.focus();
      },
    });
  };

  const rowErrors = Object.keys(errors).filter((path) => /^\d+\./.test(path)).length;
  return (
    <form className="hour-goals" onSubmit={onSubmit} noValidate>
      <p className="hours-stat__hint">{t('hours.goals.intro')}</p>
      {rows.length === 0 ? <p>{t('hours.goals.empty')}</p> : null}
      <ol className="hour-goals__list">
        {rows.map((row, index) => {
          const error = (field: GoalField) => errors[`${index}.${field}`];
          return (
            <li key={row.key}>
              <fieldset className="hour-goals__row" data-testid="hour-goal">
                <legend className="hour-goals__legend">
                  {t('hours.goals.row', { number: index + 1 })}
                </legend>
                <Field label={t('hours.column.grade')} error={error('grade')}>
                  <Select
                    id={controlId(row, 'grade')}
                    options={gradeOptions}
                    value={row.grade}
                    onValueChange={edit(index, 'grade')}
                  />
                </Field>
                <Field label={t('hours.column.school')} error={error('school')}>
                  <Select
                    id={controlId(row, 'school')}
                    options={schoolOptions}
                    value={row.school}
                    onValueChange={edit(index, 'school')}
                  />
                </Field>
                <Field label={t('hours.form.hours')} error={error('hours')}>
                  <Input
                    id={controlId(row, 'hours')}
                    type="number"
                    inputMode="decimal"
                    step={HOURS_STEP}
                    min={HOURS_STEP}
                    max={GOAL_HOURS_MAX}
                    value={row.hours}
                    onChange={(e) => edit(index, 'hours')(e.target.value)}
                  />
                </Field>
                <Field label={t('hours.goals.dueDate')} error={error('dueDate')}>
                  <Input
                    id={controlId(row, 'dueDate')}
                    type="date"
                    value={row.dueDate}
                    onChange={(e) => edit(index, 'dueDate')(e.target.value)}
                  />
                </Field>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="hour-goals__remove"
                  onClick={() => remove(index)}
                  aria-label={t('hours.goals.removeLabel', { number: index + 1 })}
                >
                  {t('hours.goals.remove')}
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="hours-form__footer">
        <Button ref={addButton} type="button" variant="outline" onClick={add}>
          {t('hours.goals.add')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('hours.goals.saving') : t('hours.goals.save')}
        </Button>
        <div className="hours-form__status" aria-live="polite">
          {save.isError ? (
            <p ref={summary} tabIndex={-1} role="alert" className="hours-inline-error">
              {rowErrors > 0
                ? t('hours.goals.fix', { count: rowErrors })
                : t('hours.goals.saveFailed', { error: errorText(save.error) })}
            </p>
          ) : saved ? (
            <p className="hours-inline-success">{t('hours.goals.saved')}</p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
