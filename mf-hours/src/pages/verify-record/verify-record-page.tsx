import { SERVICE_RECORD_PDF_MAX_BYTES, type ServiceRecordView } from '@district/contracts';
import { Badge, Card, CardContent, Label, Spinner, Trans, useT } from '@district/ui';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { useParams } from 'react-router-dom';
import { errorText, formatHours, formatHoursDate } from '../../shared/format';
import { useCheckRecordPdf, useServiceRecord } from '../../shared/records.queries';
import '../../mf-hours.css';

// "/verify/{code}" (issue 19), signed out: the record a code stands for, and a check that a PDF
// someone was handed is exactly as issued.
export function VerifyRecordPage() {
  const { t } = useT();
  const { code = '' } = useParams();
  const record = useServiceRecord(code);
  return (
    <section className="record-verify" aria-labelledby="record-verify-title">
      <h1 id="record-verify-title" className="record-verify__title">
        {t('hours.record.title')}
      </h1>
      {record.isLoading ? (
        <Spinner label={t('hours.verify.loading')} />
      ) : record.isError ? (
        <p role="alert" className="hours-inline-error">
          {t('hours.verify.loadFailed', { error: errorText(record.error) })}
        </p>
      ) : record.data ? (
        <RecordDetails record={record.data} />
      ) : (
        <Card>
          <CardContent className="area__message">
            <p>{t('hours.verify.unknown')}</p>
          </CardContent>
        </Card>
      )}
      <PdfCheck />
    </section>
  );
}

function RecordDetails({ record }: { record: ServiceRecordView }) {
  const { t } = useT();
  const columns = {
    date: t('hours.form.date'),
    hours: t('hours.form.hours'),
    activity: t('hours.verify.activity'),
    approval: t('hours.verify.approval'),
  };
  return (
    <Card>
      <CardContent className="record-details">
        <div className="record-details__head">
          <div>
            <p className="record-details__name">{record.name}</p>
            <p className="record-details__meta">
              {record.school}
              {record.grade !== null ? ` · ${t('hours.grade', { grade: record.grade })}` : ''}
            </p>
            {record.district ? (
              <p className="record-details__meta">
                {t('hours.verify.issuedBy', { district: record.district })}
              </p>
            ) : null}
            <p className="record-details__meta">
              {t('hours.verify.issued', {
                date: formatHoursDate(record.issuedAt.slice(0, 10)),
                code: record.code,
              })}
            </p>
          </div>
          {record.valid ? (
            <Badge variant="highlight">{t('hours.verify.valid')}</Badge>
          ) : (
            <Badge variant="warning">{t('hours.verify.superseded')}</Badge>
          )}
        </div>
        {!record.valid && (
          <p className="record-details__note">{t('hours.verify.supersededNote')}</p>
        )}
        <p className="record-details__total">
          <Trans
            id="hours.verify.total"
            values={{ hours: formatHours(record.totalHours) }}
            components={{ 0: <strong /> }}
          />
        </p>
        {record.entries.length > 0 ? (
          <div className="record-table__wrap ui-table-stack">
            {/* Explicit roles: on a phone the rows are display: block, which drops table semantics. */}
            <table className="record-table" role="table">
              <caption className="ui-sr-only">{t('hours.verify.caption')}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    {columns.date}
                  </th>
                  <th scope="col" role="columnheader">
                    {columns.hours}
                  </th>
                  <th scope="col" role="columnheader">
                    {columns.activity}
                  </th>
                  <th scope="col" role="columnheader">
                    {columns.approval}
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {record.entries.map((entry, index) => (
                  <tr key={index} role="row">
                    <td role="cell" data-label={columns.date}>
                      {formatHoursDate(entry.date)}
                    </td>
                    <td role="cell" data-label={columns.hours}>
                      {formatHours(entry.hours)}
                    </td>
                    <td role="cell" data-label={columns.activity}>
                      {entry.activity}
                    </td>
                    <td role="cell" data-label={columns.approval}>
                      {entry.approval}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t('hours.verify.noEntries')}</p>
        )}
      </CardContent>
    </Card>
  );
}

function PdfCheck() {
  const { t } = useT();
  const inputId = useId();
  const check = useCheckRecordPdf();
  const [tooLarge, setTooLarge] = useState(false);
  const [dragging, setDragging] = useState(false);

  const submit = (file: File | undefined) => {
    if (!file) return;
    setTooLarge(file.size > SERVICE_RECORD_PDF_MAX_BYTES);
    if (file.size > SERVICE_RECORD_PDF_MAX_BYTES) return check.reset();
    check.mutate(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    submit(event.dataTransfer.files[0]);
  };

  return (
    <Card>
      <CardContent className="record-check">
        <h2 className="record-check__title">{t('hours.verify.pdfTitle')}</h2>
        <p>{t('hours.verify.pdfIntro')}</p>
        <div
          className={
            dragging ? 'record-check__drop record-check__drop--over' : 'record-check__drop'
          }
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Label htmlFor={inputId}>{t('hours.verify.pdfFile')}</Label>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event: ChangeEvent<HTMLInputElement>) => submit(event.target.files?.[0])}
          />
        </div>
        <div aria-live="polite">
          {check.isPending && <Spinner label={t('hours.verify.checking')} />}
          {tooLarge && (
            <p role="alert">
              {t('hours.verify.tooLarge', {
                size: formatHours(SERVICE_RECORD_PDF_MAX_BYTES / 1024 / 1024),
              })}
            </p>
          )}
          {check.isError && (
            <p role="alert" className="hours-inline-error">
              {t('hours.verify.checkFailed', { error: errorText(check.error) })}
            </p>
          )}
          {check.data &&
            (check.data.matches ? (
              <p className="record-check__result record-check__result--ok">
                {check.data.record
                  ? t('hours.verify.matchesRecord', { code: check.data.record.code })
                  : t('hours.verify.matches')}
                {check.data.record && !check.data.record.valid
                  ? ` ${t('hours.verify.sinceSuperseded')}`
                  : ''}
              </p>
            ) : (
              <p role="alert" className="record-check__result record-check__result--bad">
                {t('hours.verify.notValid')}
              </p>
            ))}
        </div>
      </CardContent>
    </Card>
  );
}
