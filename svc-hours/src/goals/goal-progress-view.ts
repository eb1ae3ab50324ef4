import type { GoalProgress, HourGoal, StudentProgress } from '@district/contracts';
import type { HourGoalEntity } from './hour-goal.entity';
import type { StudentProgressRow } from './goal-progress.sql';

export function toHourGoal(row: HourGoalEntity): HourGoal {
  return {
    grade: row.grade,
    school: row.school as HourGoal['school'],
    hours: row.hours,
    dueDate: row.dueDate,
  };
}

export function toGoalProgress(row: StudentProgressRow | undefined): GoalProgress {
  const approvedHours = Number(row?.approved ?? 0);
  const pendingHours = Number(row?.pending ?? 0);
  if (!row || row.goal_hours === null || row.due_date === null || row.grade === null)
    return {
      goal: null,
      approvedHours,
      pendingHours,
      hoursLeft: null,
      daysLeft: null,
      behind: false,
    };
  const goalHours = Number(row.goal_hours);
  return {
    goal: { hours: goalHours, dueDate: row.due_date, grade: row.grade, school: row.goal_school },
    approvedHours,
    pendingHours,
    hoursLeft: Math.max(0, goalHours - approvedHours),
    daysLeft: Number(row.days_left),
    behind: approvedHours < goalHours,
  };
}

export function toStudentProgress(row: StudentProgressRow): StudentProgress {
  return {
    userId: row.user_id,
    name: row.name,
    school: row.school,
    grade: row.grade,
    ...toGoalProgress(row),
  };
}
