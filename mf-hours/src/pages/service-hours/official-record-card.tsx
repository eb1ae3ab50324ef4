import { Button, Card, CardContent } from '@district/ui';
import { errorText } from '../../shared/format';
import { useIssueServiceRecord } from '../../shared/records-api';

// Issue 19: a signed snapshot of the approved hours, with a link anyone can check and its PDF.
export function OfficialRecordCard() {
  const issue = useIssueServiceRecord();
  return (
    <Card className="hours-panel">
      <CardContent className="record-issue">
        <h2 className="record-check__title">Official service record</h2>
        <p>
          A signed record of your approved hours for applications and awards. Anyone with its link
          or code can check it.
        </p>
        <div>
          <Button onClick={() => issue.mutate()} disabled={issue.isPending}>
            {issue.isPending ? 'Issuing…' : 'Issue official record'}
          </Button>
        </div>
        {issue.isError && (
          <p role="alert" className="hours-inline-error">
            The record could not be issued: {errorText(issue.error)}
          </p>
        )}
        {issue.data && (
          <div className="record-issue__result" aria-live="polite">
            <p>
              Record {issue.data.code} issued. Share this link:{' '}
              <a href={issue.data.url}>{issue.data.url}</a>
            </p>
            <p>
              <a href={issue.data.pdfUrl} download>
                Download PDF
              </a>
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
