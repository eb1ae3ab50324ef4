import '../../goals.css';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  Spinner,
} from '@district/ui';
import { useId, useState } from 'react';
import { errorText, formatHours } from '../../shared/format';
import { GoalBar } from '../../shared/goal-bar';
import { useBehindGoalBySchool, useStudentProgress } from '../../shared/goals-api';

// Issue 19: each student's progress toward their goal, the "Behind goal" filter, and the
// count of students behind goal per school one click away.
export function GoalStudents({
  school,
  behindGoal,
  onBehindGoalChange,
}: {
  school: string | undefined;
  behindGoal: boolean;
  onBehindGoalChange: (value: boolean) => void;
}) {
  const [showCounts, setShowCounts] = useState(false);
  const students = useStudentProgress(school, behindGoal);
  const filterId = useId();
  return (
    <Card className="goal-students" role="region" aria-labelledby="goal-students-title">
      <CardHeader className="goal-students__header">
        <CardTitle as="h2" id="goal-students-title">
          Student Progress
        </CardTitle>
        <div className="goal-students__controls">
          <label className="goal-students__filter" htmlFor={filterId}>
            <input
              id={filterId}
              type="checkbox"
              checked={behindGoal}
              onChange={(e) => onBehindGoalChange(e.target.checked)}
            />
            Behind goal
          </label>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showCounts}
            aria-controls="behind-goal-by-school"
            onClick={() => setShowCounts((v) => !v)}
          >
            {showCounts ? 'Hide' : 'Show'} behind goal by school
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {showCounts ? <BehindGoalBySchool /> : null}
        {students.isError ? (
          <p role="alert" className="hours-inline-error">
            Student progress could not be loaded: {errorText(students.error)}
          </p>
        ) : !students.data ? (
          <Spinner label="Loading student progress" />
        ) : students.data.length === 0 ? (
          <EmptyState
            title={behindGoal ? 'No student is behind goal' : 'No students yet'}
            description="Students appear here with their progress toward their grade's goal."
          />
        ) : (
          <ul className="goal-students__list" aria-label="Student progress">
            {students.data.map((s) => (
              <li
                key={s.userId}
                className="goal-student"
                data-testid="goal-student"
                data-behind={s.behind}
              >
                <div className="goal-student__head">
                  <span className="goal-student__name">{s.name}</span>
                  <span className="goal-student__meta">
                    {s.school}
                    {s.grade !== null ? ` · Grade ${s.grade}` : ''}
                  </span>
                </div>
                {s.goal ? (
                  <>
                    <GoalBar
                      approved={s.approvedHours}
                      goal={s.goal.hours}
                      label={`${s.name}'s progress`}
                    />
                    <p className="goal-student__numbers">
                      {formatHours(s.approvedHours)} of {formatHours(s.goal.hours)} hours
                      {s.pendingHours > 0 ? ` · ${formatHours(s.pendingHours)} pending` : ''}
                      {s.behind ? ` · ${formatHours(s.hoursLeft ?? 0)} to go` : ' · goal met'}
                    </p>
                  </>
                ) : (
                  <p className="goal-student__numbers">
                    No goal for this grade · {formatHours(s.approvedHours)} hours approved
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function BehindGoalBySchool() {
  const counts = useBehindGoalBySchool(true);
  return (
    <div id="behind-goal-by-school" className="goal-counts">
      {counts.isError ? (
        <p role="alert" className="hours-inline-error">
          The counts could not be loaded: {errorText(counts.error)}
        </p>
      ) : !counts.data ? (
        <Spinner label="Loading counts" />
      ) : (
        <table className="hours-table">
          <caption>Students behind goal per school</caption>
          <thead>
            <tr>
              <th scope="col">School</th>
              <th scope="col">Behind goal</th>
              <th scope="col">Students with a goal</th>
            </tr>
          </thead>
          <tbody>
            {counts.data.map((row) => (
              <tr key={row.school}>
                <th scope="row">{row.school}</th>
                <td>{row.behind}</td>
                <td>{row.students}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
