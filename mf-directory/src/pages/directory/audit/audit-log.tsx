import { AUDIT_ACTIONS, type DirectoryUser } from '@district/contracts';
import { Badge, Button, EmptyState, Input, Label, Select, Spinner } from '@district/ui';
import { useMemo, useState } from 'react';
import {
  actionLabel,
  actorLabel,
  AUDIT_ACTION_LABELS,
  changeLabel,
  dayBounds,
  formatAuditTime,
  targetLabel,
} from './audit-format.util';
import { useAuditLog } from './audit.queries';

const ALL = 'all';

// The admins' "Audit log" tab of /directory (issue 9): every privileged action, newest first.
// Actors offered in the filter are the directory's admins and supervisors.
export function AuditLog({ people }: { people: readonly DirectoryUser[] }) {
  const [actor, setActor] = useState(ALL);
  const [action, setAction] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters = useMemo(
    () => ({
      actor: actor === ALL ? undefined : Number(actor),
      action: action === ALL ? undefined : action,
      ...dayBounds(from, to),
    }),
    [actor, action, from, to],
  );
  const log = useAuditLog(filters);
  const actorOptions = useMemo(
    () => [
      { value: ALL, label: 'Everyone' },
      ...people
        .filter((p) => p.isAdmin || p.isSupervisor)
        .map((p) => ({ value: String(p.id), label: p.name })),
    ],
    [people],
  );
  const actionOptions = useMemo(
    () => [
      { value: ALL, label: 'All actions' },
      ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })),
    ],
    [],
  );
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="dir-audit">
      <div className="dir-audit__filters" role="group" aria-label="Filter the audit log">
        <div className="dir-audit__filter">
          <Label htmlFor="audit-actor">Who</Label>
          <Select
            id="audit-actor"
            aria-label="Who"
            options={actorOptions}
            value={actor}
            onValueChange={setActor}
          />
        </div>
        <div className="dir-audit__filter">
          <Label htmlFor="audit-action">Action</Label>
          <Select
            id="audit-action"
            aria-label="Action"
            options={actionOptions}
            value={action}
            onValueChange={setAction}
          />
        </div>
        <div className="dir-audit__filter">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="dir-audit__filter">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
      </div>

      {log.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : log.isError ? (
        <EmptyState
          title="The audit log could not be loaded"
          description={log.error.message}
          action={
            <Button variant="outline" onClick={() => void log.refetch()}>
              Try again
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <EmptyState description="No recorded actions match these filters." />
      ) : (
        <>
          {/* A phone scrolls the table inside this box, not the page; focusable so the keyboard can. */}
          <div
            className="dir-audit__scroll"
            role="region"
            aria-label="Audit log entries"
            tabIndex={0}
          >
            <table className="dir-audit__table">
              <caption className="dir-audit__caption">Privileged actions, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">On</th>
                  <th scope="col">What happened</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} data-audit-id={item.id}>
                    <td>
                      <time dateTime={item.at}>{formatAuditTime(item.at)}</time>
                    </td>
                    <td>{actorLabel(item)}</td>
                    <td>{actionLabel(item.action)}</td>
                    <td>{targetLabel(item)}</td>
                    <td>{changeLabel(item)}</td>
                    <td>
                      {item.outcome === 'success' ? (
                        <Badge variant="highlight">Success</Badge>
                      ) : (
                        <Badge variant="destructive">Refused</Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {log.hasNextPage ? (
            <div className="dir-audit__more">
              <Button
                variant="outline"
                onClick={() => void log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
                aria-busy={log.isFetchingNextPage || undefined}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
