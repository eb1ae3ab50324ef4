import { SERVICE_RECORD_PDF_MAX_BYTES, type ServiceRecordView } from '@district/contracts';
import { Badge, Card, CardContent, Label, Spinner } from '@district/ui';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { useParams } from 'react-router-dom';
import { errorText, formatHours, formatHoursDate } from '../../shared/format';
import { useCheckRecordPdf, useServiceRecord } from '../../shared/records-api';
import '../../mf-hours.css';

// "/verify/{code}" (issue 19), signed out: the record a code stands for, and a check that a PDF
// someone was handed is exactly as issued.
export function VerifyRecordPage() {
  const { code = '' } = useParams();
  const record = useServiceRecord(code);
  return (
    <section className="record-verify" aria-labelledby="record-verify-title">
      <h1 id="record-verify-title" className="record-verify__title">
        Official service record
      </h1>
      {record.isLoading ? (
        <Spinner label="Loading the record" />
      ) : record.isError ? (
        <p role="alert" className="hours-inline-error">
          The record could not be loaded: {errorText(record.error)}
        </p>
      ) : record.data ? (
        <RecordDetails record={record.data} />
      ) : (
        <Card>
          <CardContent className="area__message">
            <p>No service record has this code. Check the code and try again.</p>
          </CardContent>
        </Card>
      )}
      <PdfCheck />
    </section>
  );
}

function RecordDetails({ record }: { record: ServiceRecordView }) {
  return (
    <Card>
      <CardContent className="record-details">
        <div className="record-details__head">
          <div>
            <p className="record-details__name">{record.name}</p>
            <p className="record-details__meta">
              {record.school}
              {record.grade !== null ? ` · Grade ${record.grade}` : ''}
            </p>
            <p className="record-details__meta">
              Issued {formatHoursDate(record.issuedAt.slice(0, 10))} · Code {record.code}
            </p>
          </div>
          {record.valid ? (
            <Badge variant="highlight">Valid</Badge>
          ) : (
            <Badge variant="warning">Superseded</Badge>
          )}
        </div>
        {!record.valid && (
          <p className="record-details__note">
            The student’s approved hours have changed since this record was issued. Ask them for a
            new one.
          </p>
        )}
        <p className="record-details__total">
          Total approved hours: <strong>{formatHours(record.totalHours)}</strong>
        </p>
        {record.entries.length > 0 ? (
          <div className="record-table__wrap">
            {/* Explicit roles: on a phone the rows are display: block, which drops table semantics. */}
            <table className="record-table" role="table">
              <caption className="ui-sr-only">Approved service hours</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    Date
                  </th>
                  <th scope="col" role="columnheader">
                    Hours
                  </th>
                  <th scope="col" role="columnheader">
                    Organisation or event
                  </th>
                  <th scope="col" role="columnheader">
                    How it was approved
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {record.entries.map((entry, index) => (
                  <tr key={index} role="row">
                    <td role="cell" data-label="Date">
                      {formatHoursDate(entry.date)}
                    </td>
                    <td role="cell" data-label="Hours">
                      {formatHours(entry.hours)}
                    </td>
                    <td role="cell" data-label="Organisation or event">
                      {entry.activity}
                    </td>
                    <td role="cell" data-label="How it was approved">
                      {entry.approval}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>No approved service hours on this record.</p>
        )}
      </CardContent>
    </Card>
  );
}

function PdfCheck() {
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
        <h2 className="record-check__title">Check a PDF</h2>
        <p>Drop the record’s PDF here, or choose it, to see whether it is exactly as issued.</p>
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
          <Label htmlFor={inputId}>PDF file</Label>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event: ChangeEvent<HTMLInputElement>) => submit(event.target.files?.[0])}
          />
        </div>
        <div aria-live="polite">
          {check.isPending && <Spinner label="Checking the PDF" />}
          {tooLarge && <p role="alert">The file is larger than 5 MB.</p>}
          {check.isError && (
            <p role="alert" className="hours-inline-error">
              The PDF could not be checked: {errorText(check.error)}
            </p>
          )}
          {check.data &&
            (check.data.matches ? (
              <p className="record-check__result record-check__result--ok">
                This PDF is exactly as issued
                {check.data.record ? ` (record ${check.data.record.code})` : ''}.
                {check.data.record && !check.data.record.valid
                  ? ' The record has since been superseded.'
                  : ''}
              </p>
            ) : (
              <p role="alert" className="record-check__result record-check__result--bad">
                This PDF is not valid: it is not a record exactly as issued.
              </p>
            ))}
        </div>
      </CardContent>
    </Card>
  );
}
