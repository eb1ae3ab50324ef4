import {
  Button,
  Card,
  DownloadIcon,
  EmptyState,
  formatNumber,
  Input,
  PageHeader,
  preloadAlertDialog,
  preloadSelect,
  SearchIcon,
  Spinner,
  Tabs,
  useAuth,
  useT,
} from '@district/ui';
import { isStaff } from '@district/contracts';
import { AuditLog } from './audit/audit-log';
import { PendingConsents } from './district-settings/pending-consents';
import { DistrictSettingsTab } from './district-settings/district-settings';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import {
  buildDirectoryIndex,
  directoryStats,
  filterDirectory,
  groupDirectory,
  searchTokens,
} from './directory-index.util';
import { directoryTotals, useBackupDownload, useDirectory } from './directory.queries';
import { SchoolSection, type CardContext } from './school-section';
import './directory.css';

// While searching, matching schools open by themselves when this few students match; a broad
// search (one letter) leaves them closed with their counts, so no keystroke draws thousands of cards.
const AUTO_OPEN_LIMIT = 100;

// /directory (SPEC §2): every student by school and grade, searchable; admins move students to
// another school, delete accounts and download the backup.
export function DirectoryPage() {
  const { t, m } = useT();
  const { user: me } = useAuth();
  const directory = useDirectory();
  const backup = useBackupDownload();
  const isAdmin = me?.isAdmin === true;
  // Issue 31: supervisors hand out their school's join codes from District settings.
  const isSupervisor = me?.isSupervisor === true;

  const [query, setQuery] = useState('');
  // Typing stays instant: the list follows the box as soon as React has a spare moment.
  const deferredQuery = useDeferredValue(query);
  const searching = searchTokens(deferredQuery).length > 0;

  const users = directory.data;
  const index = useMemo(() => buildDirectoryIndex(users ?? []), [users]);
  // The server's totals count hidden students too (issue 20); the list's own count otherwise.
  const stats = useMemo(
    () => (users && directoryTotals(users)) ?? directoryStats(users ?? []),
    [users],
  );
  const matches = useMemo(() => filterDirectory(index, deferredQuery), [index, deferredQuery]);
  const groups = useMemo(
    () => groupDirectory(matches, { includeEmpty: !searching }),
    [matches, searching],
  );

  // What the user opened or closed by hand; otherwise the default (closed, or open for a narrow
  // search). Starting or clearing a search starts over from the defaults.
  const [toggled, setToggled] = useState<{ searching: boolean; open: Map<string, boolean> }>({
    searching: false,
    open: new Map(),
  });
  const explicit = toggled.searching === searching ? toggled.open : undefined;
  const autoOpen = searching && matches.length <= AUTO_OPEN_LIMIT;
  const onOpenChange = useCallback(
    (school: string, open: boolean) =>
      setToggled((prev) => {
        const base = prev.searching === searching ? prev.open : new Map<string, boolean>();
        return { searching, open: new Map(base).set(school, open) };
      }),
    [searching],
  );

  const cards = useMemo<CardContext>(() => ({ meRef: me?.ref, isAdmin }), [me?.ref, isAdmin]);

  const studentsView = directory.isPending ? (
    <Spinner label={t('directory.loading')} />
  ) : directory.isError ? (
    <EmptyState
      title={t('directory.loadFailed')}
      description={directory.error.message}
      action={
        <Button variant="outline" onClick={() => void directory.refetch()}>
          {t('directory.tryAgain')}
        </Button>
      }
    />
  ) : (
    <>
      <div className="dir-stats">
        <StatCard label={t('directory.stats.students')} value={formatNumber(stats.students)} />
        <StatCard label={t('directory.stats.hours')} value={formatNumber(stats.hours)} />
        <StatCard label={t('directory.stats.schools')} value={formatNumber(stats.schools)} />
      </div>

      {stats.students === 0 ? (
        <EmptyState description={m.empty.directory} />
      ) : (
        <>
          <div className="dir-search">
            <SearchIcon size="sm" className="ui-search-icon" />
            <Input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('directory.search.placeholder')}
              aria-label={t('directory.search.label')}
              className="ui-search-input"
              // Admin controls load their dialogs and selects before the first click.
              onFocus={isAdmin ? preloadControls : undefined}
            />
          </div>
          <p className="dir-summary" role="status">
            {searching
              ? t('directory.search.summary', {
                  // Students only, as the total (issue 33: an admin also sees staff cards).
                  matches: formatNumber(matches.filter((user) => !isStaff(user)).length),
                  total: formatNumber(stats.students),
                })
              : ''}
          </p>
          {groups.length === 0 ? (
            <EmptyState
              description={t('directory.search.noMatch', { query: deferredQuery.trim() })}
            />
          ) : (
            <div className="dir-groups" onPointerEnter={isAdmin ? preloadControls : undefined}>
              {groups.map((group) => (
                <SchoolSection
                  key={group.school}
                  group={group}
                  open={explicit?.get(group.school) ?? autoOpen}
                  onOpenChange={onOpenChange}
                  cards={cards}
                />
              ))}
            </div>
          )}
        </>
      )}
    </>
  );

  return (
    <section className="area dir" aria-labelledby="directory-title">
      <PageHeader
        titleId="directory-title"
        title={m.screen.directoryTitle}
        description={t('directory.description')}
        actions={
          isAdmin ? (
            <Button
              variant="outline"
              onClick={() => backup.mutate()}
              disabled={backup.isPending}
              aria-busy={backup.isPending || undefined}
            >
              <DownloadIcon size="sm" />
              {m.screen.backupUserData}
            </Button>
          ) : undefined
        }
      />

      {isAdmin ? (
        // Issue 9: admins get the audit log here, beside the people it is mostly about; the
        // directory remote already carries the admin controls, so the shell needs no new route.
        <Tabs defaultValue="students" className="dir-tabs">
          <Tabs.List aria-label={t('directory.tabs.label')}>
            <Tabs.Trigger value="students">{t('directory.tabs.students')}</Tabs.Trigger>
            <Tabs.Trigger value="audit">{t('directory.tabs.audit')}</Tabs.Trigger>
            <Tabs.Trigger value="settings">{t('directory.tabs.settings')}</Tabs.Trigger>
            <Tabs.Trigger value="consents">{t('directory.tabs.consents')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="students">{studentsView}</Tabs.Content>
          <Tabs.Content value="audit">
            <AuditLog people={users ?? []} />
          </Tabs.Content>
          <Tabs.Content value="settings">
            <DistrictSettingsTab isAdmin />
          </Tabs.Content>
          <Tabs.Content value="consents">
            <PendingConsents />
          </Tabs.Content>
        </Tabs>
      ) : isSupervisor ? (
        <Tabs defaultValue="students" className="dir-tabs">
          <Tabs.List aria-label={t('directory.tabs.label')}>
            <Tabs.Trigger value="students">{t('directory.tabs.students')}</Tabs.Trigger>
            <Tabs.Trigger value="settings">{t('directory.tabs.settings')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="students">{studentsView}</Tabs.Content>
          <Tabs.Content value="settings">
            <DistrictSettingsTab isAdmin={false} />
          </Tabs.Content>
        </Tabs>
      ) : (
        studentsView
      )}
    </section>
  );
}

function preloadControls(): void {
  preloadSelect();
  preloadAlertDialog();
}

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Card className="dir-stat" role="group" aria-label={label}>
      <p className="dir-stat__label">{label}</p>
      <p className="dir-stat__value">{value}</p>
    </Card>
  );
}
