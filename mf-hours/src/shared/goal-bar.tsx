import { useT } from '@district/ui';
import { formatHours } from './format';

// Approved hours against the goal as a bar; the numbers are in the label, not only the colour.
export function GoalBar({
  approved,
  goal,
  label,
}: {
  approved: number;
  goal: number;
  label: string;
}) {
  const { t } = useT();
  const percent = goal > 0 ? Math.min(100, Math.round((approved / goal) * 100)) : 0;
  return (
    <div
      className="goal-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={goal}
      aria-valuenow={Math.min(approved, goal)}
      aria-valuetext={t('hours.goal.ofHours', {
        approved: formatHours(approved),
        goal: formatHours(goal),
      })}
    >
      <div
        className="goal-bar__fill"
        style={{ width: `${percent}%` }}
        data-met={approved >= goal}
      />
    </div>
  );
}
