import { Button, Card, CardContent, Trans, useT } from '@district/ui';
import { errorText } from '../../shared/format';
import { useIssueServiceRecord } from '../../shared/records.queries';

// Issue 19: a signed snapshot of the approved hours, with a link anyone can check and its PDF.
export function OfficialRecordCard() {
  const { t } = useT();
  const issue = useIssueServiceRecord();
  return (
    <Card className="hours-panel">
      <CardContent className="record-issue">
        <h2 className="record-check__title">{t('hours.record.title')}</h2>
        <p>{t('hours.record.intro')}</p>
        <div>
          <Button onClick={() => issue.mutate()} disabled={issue.isPending}>
            {issue.isPending ? t('hours.record.issuing') : t('hours.record.issue')}
          </Button>
        </div>
        {issue.isError && (
          <p role="alert" className="hours-inline-error">
            {t('hours.record.issueFailed', { error: errorText(issue.error) })}
          </p>
        )}
        {issue.data && (
          <div className="record-issue__result" aria-live="polite">
            <p>
              <Trans
                id="hours.record.issued"
                values={{ code: issue.data.code, url: issue.data.url }}
                components={{ 0: <a href={issue.data.url} /> }}
              />
            </p>
            <p>
              <a href={issue.data.pdfUrl} download>
                {t('hours.record.downloadPdf')}
              </a>
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
