import '../../goals.css';
import { buttonClassName, formatNumber, Spinner, useT, SectionCard } from '@district/ui';
import { errorText, formatHours, formatMonth } from '../../shared/format';
import { FiguresTable, type FiguresRow } from '../../shared/figures-table';
import { reportCsvUrl, useHoursReports } from '../../shared/goals.queries';

function ReportTable({
  title,
  report,
  headings,
  rows,
}: {
  title: string;
  report: string;
  headings: string[];
  rows: FiguresRow[];
}) {
  const { t } = useT();
  return (
    <section className="hours-report" aria-label={title}>
      <div className="hours-report__head">
        <h3>{title}</h3>
        <a
          className={buttonClassName({ variant: 'outline', size: 'sm' })}
          href={reportCsvUrl(report)}
          download
        >
          {t('hours.reports.downloadCsv')}
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="hours-report__empty">{t('hours.reports.empty')}</p>
      ) : (
        <FiguresTable headings={headings} rows={rows} />
      )}
    </section>
  );
}

// Issue 19: the admins' reports, each table downloadable as CSV.
export default function HoursReports() {
  const { t } = useT();
  const reports = useHoursReports();
  return (
    <SectionCard
      titleId="hours-reports-title"
      title={t('hours.reports.title')}
      contentClassName="hours-reports"
    >
      {reports.isError ? (
        <p role="alert" className="hours-inline-error">
          {t('hours.reports.loadFailed', { error: errorText(reports.error) })}
        </p>
      ) : !reports.data ? (
        <Spinner label={t('hours.reports.loading')} />
      ) : (
        <>
          <ReportTable
            title={t('hours.reports.byMonth')}
            report="hours-by-month"
            headings={[
              t('hours.column.school'),
              t('hours.column.month'),
              t('hours.column.approvedHours'),
            ]}
            rows={reports.data.hoursByMonth.map((r) => ({
              key: `${r.school}|${r.month}`,
              cells: [r.school, formatMonth(r.month), formatHours(r.hours)],
            }))}
          />
          <ReportTable
            title={t('hours.reports.goalsMet')}
            report="goals-met"
            headings={[
              t('hours.column.school'),
              t('hours.column.grade'),
              t('hours.column.met'),
              t('hours.column.studentsWithGoal'),
            ]}
            rows={reports.data.goalsMet.map((r) => ({
              key: `${r.school}|${r.grade}`,
              cells: [r.school, r.grade, formatNumber(r.met), formatNumber(r.students)],
            }))}
          />
          <ReportTable
            title={t('hours.reports.topOrganisations')}
            report="top-organisations"
            headings={[
              t('hours.column.organisation'),
              t('hours.column.approvedHours'),
              t('hours.column.students'),
            ]}
            rows={reports.data.topOrganisations.map((r) => ({
              key: r.organisation,
              cells: [r.organisation, formatHours(r.hours), formatNumber(r.students)],
            }))}
          />
        </>
      )}
    </SectionCard>
  );
}
