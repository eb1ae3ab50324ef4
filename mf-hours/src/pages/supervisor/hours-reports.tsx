import '../../goals.css';
import { buttonClassName, Card, CardContent, CardHeader, CardTitle, Spinner } from '@district/ui';
import type { ReactNode } from 'react';
import { errorText, formatHours } from '../../shared/format';
import { reportCsvUrl, useHoursReports } from '../../shared/goals-api';

const MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

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
  return (
    <section className="hours-report" aria-label={title}>
      <div className="hours-report__head">
        <h3>{title}</h3>
        <a
          className={buttonClassName({ variant: 'outline', size: 'sm' })}
          href={reportCsvUrl(report)}
          download
        >
          Download CSV
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
  const reports = useHoursReports();
  return (
    <Card role="region" aria-labelledby="hours-reports-title">
      <CardHeader>
        <CardTitle as="h2" id="hours-reports-title">
          Reports
        </CardTitle>
      </CardHeader>
      <CardContent className="hours-reports">
        {reports.isError ? (
          <p role="alert" className="hours-inline-error">
            The reports could not be loaded: {errorText(reports.error)}
          </p>
        ) : !reports.data ? (
          <Spinner label="Loading reports" />
        ) : (
          <>
            <ReportTable
              title="Hours approved per school per month"
              report="hours-by-month"
              headings={['School', 'Month', 'Approved hours']}
            >
              {reports.data.hoursByMonth.map((r) => (
                <tr key={`${r.school}|${r.month}`}>
                  <td>{r.school}</td>
                  <td>{monthLabel(r.month)}</td>
                  <td>{formatHours(r.hours)}</td>
                </tr>
              ))}
            </ReportTable>
            <ReportTable
              title="Students meeting their goal"
              report="goals-met"
              headings={['School', 'Grade', 'Met their goal', 'Students with a goal']}
            >
              {reports.data.goalsMet.map((r) => (
                <tr key={`${r.school}|${r.grade}`}>
                  <td>{r.school}</td>
                  <td>{r.grade}</td>
                  <td>{r.met}</td>
                  <td>{r.students}</td>
                </tr>
              ))}
            </ReportTable>
            <ReportTable
              title="Top organisations"
              report="top-organisations"
              headings={['Organisation', 'Approved hours', 'Students']}
            >
              {reports.data.topOrganisations.map((r) => (
                <tr key={r.organisation}>
                  <td>{r.organisation}</td>
                  <td>{formatHours(r.hours)}</td>
                  <td>{r.students}</td>
                </tr>
              ))}
            </ReportTable>
          </>
        )}
      </CardContent>
    </Card>
  );
}
