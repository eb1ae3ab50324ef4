import '../../goals.css';
import {
  buttonClassName,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Spinner,
  useT,
} from '@district/ui';
import type { ReactNode } from 'react';
import { errorText, formatHours, formatMonth } from '../../shared/format';
import { reportCsvUrl, useHoursReports } from '../../shared/goals-api';

function ReportTable({
  title,
  report,
  headings,
  children,
}: {
  title: string;
  report: string;
  headings: string[];
  children: ReactNode;
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
      <div className="hours-report__scroll">
        <table className="hours-table">
          <thead>
            <tr>
              {headings.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

// Issue 19: the admins' reports, each table downloadable as CSV.
export default function HoursReports() {
  const { t } = useT();
  const reports = useHoursReports();
  return (
    <Card role="region" aria-labelledby="hours-reports-title">
      <CardHeader>
        <CardTitle as="h2" id="hours-reports-title">
          {t('hours.reports.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="hours-reports">
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
            >
              {reports.data.hoursByMonth.map((r) => (
                <tr key={`${r.school}|${r.month}`}>
                  <td>{r.school}</td>
                  <td>{formatMonth(r.month)}</td>
                  <td>{formatHours(r.hours)}</td>
                </tr>
              ))}
            </ReportTable>
            <ReportTable
              title={t('hours.reports.goalsMet')}
              report="goals-met"
              headings={[
                t('hours.column.school'),
                t('hours.column.grade'),
                t('hours.column.met'),
                t('hours.column.studentsWithGoal'),
              ]}
            >
              {reports.data.goalsMet.map((r) => (
                <tr key={`${r.school}|${r.grade}`}>
                  <td>{r.school}</td>
                  <td>{r.grade}</td>
                  <td>{formatHours(r.met)}</td>
                  <td>{formatHours(r.students)}</td>
                </tr>
              ))}
            </ReportTable>
            <ReportTable
              title={t('hours.reports.topOrganisations')}
              report="top-organisations"
              headings={[
                t('hours.column.organisation'),
                t('hours.column.approvedHours'),
                t('hours.column.students'),
              ]}
            >
              {reports.data.topOrganisations.map((r) => (
                <tr key={r.organisation}>
                  <td>{r.organisation}</td>
                  <td>{formatHours(r.hours)}</td>
                  <td>{formatHours(r.students)}</td>
                </tr>
              ))}
            </ReportTable>
          </>
        )}
      </CardContent>
    </Card>
  );
}
