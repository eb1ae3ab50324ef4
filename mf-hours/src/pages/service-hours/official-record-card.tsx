import { Button, Card, CardContent, useT } from '@district/ui';
import { Fragment } from 'react';
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
            <p>{t('hours.record.issued', { code: issue.data.code })}</p>
            <p className="record-issue__link">
              <a href={issue.data.url}>{breakableUrl(issue.data.url)}</a>
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

// Issue 33.11: a long link wraps after its slashes (a <wbr> after each but the scheme's first),
// not in the middle of the host or the record's code; CSS breaks inside a part only when that
// part alone is wider than the box.
function breakableUrl(url: string) {
  return url.split(/(?<=\/)(?!\/)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
