import type { RosterEntry } from '@district/contracts';
import { Button, EmptyState, Spinner, useT } from '@district/ui';
import { errorText, useMarkAttendance, useRoster } from './attendance.queries';

// Catalogue keys: the texts are read in the language in use when shown.
const STATE = {
  roster: 'volunteer.roster.attended',
  'check-in': 'volunteer.roster.checkedIn',
} as const;

const TOGGLES = [
  { attended: true, key: 'volunteer.roster.attended' },
  { attended: false, key: 'volunteer.roster.absent' },
] as const;

function stateKey(entry: RosterEntry): string {
  if (entry.attended === null) return 'volunteer.roster.notTaken';
  if (!entry.attended) return 'volunteer.roster.absent';
  return STATE[entry.method ?? 'roster'];
}

// The admin's roster: every signed-up student with Attended / Absent toggles. Attended turns
// into approved service hours; Absent later takes them back.
export function RosterList({ opportunityId }: { opportunityId: number }) {
  const roster = useRoster(opportunityId);
  const mark = useMarkAttendance(opportunityId);
  const { t } = useT();
  if (roster.isError)
    return (
      <p role="alert" className="attendance__error">
        {t('volunteer.roster.loadFailed', { reason: errorText(roster.error) })}
      </p>
    );
  if (!roster.data) return <Spinner label={t('volunteer.roster.loading')} />;
  if (roster.data.length === 0) return <EmptyState title={t('volunteer.card.noSignups')} />;

  const busyFor = (userId: number) => mark.isPending && mark.variables?.userId === userId;
  return (
    <ul className="roster" aria-label={t('volunteer.roster.button')}>
      {roster.data.map((entry) => (
        <li key={entry.userId} className="roster__entry" data-testid="roster-entry">
          <div className="roster__who">
            <span className="roster__name">{entry.name}</span>
            <span className="roster__school">{entry.school}</span>
            <span className="roster__state" data-state={String(entry.attended)}>
              {t(stateKey(entry))}
            </span>
          </div>
          <div
            className="roster__toggles"
            role="group"
            aria-label={t('volunteer.roster.attendanceOf', { name: entry.name })}
          >
            {TOGGLES.map(({ attended, key }) => (
              <Button
                key={key}
                size="sm"
                variant={entry.attended === attended ? 'default' : 'outline'}
                aria-pressed={entry.attended === attended}
                disabled={busyFor(entry.userId)}
                onClick={() => mark.mutate({ userId: entry.userId, attended })}
              >
                {t(key)}
              </Button>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
