import type { RosterEntry } from '@district/contracts';
import { Button, EmptyState, Spinner } from '@district/ui';
import { errorText, useMarkAttendance, useRoster } from './attendance-queries';

const STATE: Record<string, string> = {
  roster: 'Attended',
  'check-in': 'Checked in',
};

const TOGGLES = [
  { attended: true, label: 'Attended' },
  { attended: false, label: 'Absent' },
] as const;

function stateText(entry: RosterEntry): string {
  if (entry.attended === null) return 'Not taken yet';
  if (!entry.attended) return 'Absent';
  return STATE[entry.method ?? 'roster'];
}

// The admin's roster: every signed-up student with Attended / Absent toggles. Attended turns
// into approved service hours; Absent later takes them back.
export function RosterList({ opportunityId }: { opportunityId: number }) {
  const roster = useRoster(opportunityId);
  const mark = useMarkAttendance(opportunityId);
  if (roster.isError)
    return (
      <p role="alert" className="attendance__error">
        The roster could not be loaded: {errorText(roster.error)}
      </p>
    );
  if (!roster.data) return <Spinner label="Loading the roster" />;
  if (roster.data.length === 0) return <EmptyState title="No one has signed up yet." />;

  const busyFor = (userId: number) => mark.isPending && mark.variables?.userId === userId;
  return (
    <ul className="roster" aria-label="Roster">
      {roster.data.map((entry) => (
        <li key={entry.userId} className="roster__entry" data-testid="roster-entry">
          <div className="roster__who">
            <span className="roster__name">{entry.name}</span>
            <span className="roster__school">{entry.school}</span>
            <span className="roster__state" data-state={String(entry.attended)}>
              {stateText(entry)}
            </span>
          </div>
          <div className="roster__toggles" role="group" aria-label={`Attendance of ${entry.name}`}>
            {TOGGLES.map(({ attended, label }) => (
              <Button
                key={label}
                size="sm"
                variant={entry.attended === attended ? 'default' : 'outline'}
                aria-pressed={entry.attended === attended}
                disabled={busyFor(entry.userId)}
                onClick={() => mark.mutate({ userId: entry.userId, attended })}
              >
                {label}
              </Button>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
