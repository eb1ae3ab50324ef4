import { AUDIT_ACTIONS, type DirectoryUser } from '@district/contracts';
import {
  Badge,
  Button,
  EmptyState,
  Input,
  Label,
  Select,
  Spinner,
  StackTable,
  useT,
  type SelectProps,
} from '@district/ui';
import { useMemo, useState } from 'react';
import {
  auditDetails,
  auditSentence,
  dayBounds,
  formatAuditTime,
  type AuditItem,
} from './audit-format.util';
import { useAuditLog } from './audit.queries';

const ALL = 'all';

// The admins' "Audit log" tab of /directory (issue 9): every privileged action, newest first.
// Actors offered in the filter are the directory's admins and supervisors.
export function AuditLog({ people }: { people: readonly DirectoryUser[] }) {
  const { t } = useT();
  const [actor, setActor] = useState(ALL);
  const [action, setAction] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Issue 33: one sentence per action says who did what to what; the rest is behind "Details".
  const headings = [
    t('directory.audit.when'),
    t('directory.audit.whatHappened'),
    t('directory.audit.outcome'),
  ];
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
      { value: ALL, label: t('directory.audit.everyone') },
      ...people
        .filter((p) => p.isAdmin || p.isSupervisor)
        .map((p) => ({ value: String(p.id), label: p.name })),
    ],
    [people, t],
  );
  const actionOptions = useMemo(
    () => [
      { value: ALL, label: t('directory.audit.allActions') },
      ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`directory.audit.action.${a}`) })),
    ],
    [t],
  );
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="dir-audit">
      <div className="dir-audit__filters" role="group" aria-label={t('directory.audit.filters')}>
        <SelectFilter
          id="audit-actor"
          label={t('directory.audit.who')}
          options={actorOptions}
          value={actor}
          onValueChange={setActor}
        />
        <SelectFilter
          id="audit-action"
          label={t('directory.audit.action')}
          options={actionOptions}
          value={action}
          onValueChange={setAction}
        />
        <DateFilter
          id="audit-from"
          label={t('directory.audit.from')}
          value={from}
          max={to || undefined}
          onChange={setFrom}
        />
        <DateFilter
          id="audit-to"
          label={t('directory.audit.to')}
          value={to}
          min={from || undefined}
          onChange={setTo}
        />
      </div>

      {log.isPending ? (
        <Spinner label={t('directory.audit.loading')} />
      ) : log.isError ? (
        <EmptyState
          title={t('directory.audit.loadFailed')}
          description={log.error.message}
          action={
            <Button variant="outline" onClick={() => void log.refetch()}>
              {t('directory.tryAgain')}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <EmptyState description={t('directory.audit.empty')} />
      ) : (
        <>
          {/* A phone stacks each entry into labelled lines (the kit's ui-table-stack); a wide entry
              scrolls inside this box, not the page; focusable so the keyboard can. */}
          <StackTable
            boxClassName="dir-audit__scroll"
            regionLabel={t('directory.audit.entries')}
            className="dir-audit__table"
            caption={t('directory.audit.caption')}
            captionClassName="dir-audit__caption"
            headings={headings}
          >
            <tbody role="rowgroup">
              {items.map((item) => (
                <tr key={item.id} data-audit-id={item.id} role="row">
                  <td role="cell" data-label={headings[0]}>
                    <time dateTime={item.at}>{formatAuditTime(item.at)}</time>
                  </td>
                  <td role="cell" data-label={headings[1]}>
                    <AuditEntry item={item} />
                  </td>
                  <td role="cell" data-label={headings[2]}>
                    {item.outcome === 'success' ? (
                      <Badge variant="highlight">{t('directory.audit.success')}</Badge>
                    ) : (
                      <Badge variant="destructive">{t('directory.audit.refused')}</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </StackTable>
          {log.hasNextPage ? (
            <div className="dir-audit__more">
              <Button
                variant="outline"
                onClick={() => void log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
                aria-busy={log.isFetchingNextPage || undefined}
              >
                {t('directory.audit.loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

// The sentence, then the record's details (service, target, the fields it kept, the browser as
// "Chrome 131 on Android") in a native disclosure, closed until asked for.
function AuditEntry({ item }: { item: AuditItem }) {
  const { t } = useT();
  return (
    <>
      <p className="dir-audit__sentence">{auditSentence(item)}</p>
      <details className="dir-audit__details">
        <summary>{t('directory.audit.details')}</summary>
        <dl>
          {auditDetails(item).map((row) => (
            <div key={row.label} className="dir-audit__detail">
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}

// One labelled filter above the log: a choice, or a day (a range's end is bounded by the other).
function SelectFilter({
  id,
  label,
  ...select
}: { id: string; label: string } & Pick<SelectProps, 'options' | 'value' | 'onValueChange'>) {
  return (
    <div className="dir-audit__filter">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} aria-label={label} {...select} />
    </div>
  );
}

function DateFilter({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="dir-audit__filter">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
