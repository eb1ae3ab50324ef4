import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Language, ServiceRecordContent } from '@district/contracts';
import { calendarDate, hoursCatalogue, hoursNumber } from '../hours-catalogue';
import { approvalText } from './approval-text';
import { PdfTextWriter, type FontWeight } from '../pdf/unicode-text';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const ROW = 16;
// Between the lines of a wrapped cell.
const LINE = 12;
const COLUMNS = {
  date: MARGIN,
  hours: MARGIN + 80,
  activity: MARGIN + 130,
  // Noto Sans runs wider than Helvetica: "Aprobado por un supervisor" needs 133 pt at 10 pt.
  approval: MARGIN + 345,
};

// The official record as a PDF: every entry, the total, who and when, and a QR code to
// /verify/{code}. Metadata carries the code and the content signature; the bytes themselves are
// what POST /verify checks (sha256 signed and stored at issue). Its texts, dates and numbers are
// in `language` (issue 22); the signed content stays the same data in every language.
export async function renderServiceRecordPdf(
  content: ServiceRecordContent,
  verifyUrl: string,
  contentSignature: string,
  language: Language,
): Promise<Uint8Array> {
  const t = hoursCatalogue.for(language);
  const hours = (value: number) => hoursNumber(language, value);
  const doc = await PDFDocument.create();
  const issuedAt = new Date(content.issuedAt);
  doc.setTitle(t('hours.record.documentTitle', { code: content.code }));
  doc.setAuthor('District Volunteers');
  doc.setSubject(t('hours.record.subject', { name: content.name }));
  doc.setKeywords([`code:${content.code}`, `signature:${contentSignature}`]);
  doc.setProducer('District Volunteers');
  doc.setCreator('District Volunteers');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);

  // Names, schools, activities (and how an entry was approved, an organisation's name one day) in
  // any script the embedded fonts cover (issue 29).
  const writer = await PdfTextWriter.for(doc, [
    content.district ?? '',
    content.name,
    content.school,
    ...content.entries.flatMap((e) => [e.activity, approvalText(t, e)]),
  ]);
  const qr = await doc.embedPng(
    await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240 }),
  );
  const grey = rgb(0.35, 0.35, 0.35);

  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (
    value: string,
    x: number,
    size = 10,
    weight: FontWeight = 'regular',
    color = rgb(0, 0, 0),
  ) => writer.draw(page, value, { x, y, size, weight, color });
  const fit = (value: string, size: number, width: number, weight: FontWeight = 'regular') =>
    writer.fit(value, size, width, weight);

  page.drawImage(qr, { x: A4[0] - MARGIN - 110, y: y - 110, width: 110, height: 110 });
  // The issuing district above the title (issue 33); records signed before it had none.
  if (content.district) {
    text(fit(content.district, 11, 330, 'bold'), MARGIN, 11, 'bold', grey);
    y -= 22;
  }
  text(t('hours.record.title'), MARGIN, 20, 'bold');
  y -= 30;
  text(fit(content.name, 12, 330, 'bold'), MARGIN, 12, 'bold');
  y -= 18;
  text(fit(content.school, 10, 330), MARGIN);
  y -= 14;
  text(
    content.grade === null
      ? t('hours.record.gradeNotGiven')
      : t('hours.record.grade', { grade: content.grade }),
    MARGIN,
  );
  y -= 14;
  text(t('hours.record.issued', { date: calendarDate(language, content.issuedAt) }), MARGIN);
  y -= 14;
  text(t('hours.record.code', { code: content.code }), MARGIN, 10, 'bold');
  y -= 14;
  text(fit(t('hours.record.checkAt', { url: verifyUrl }), 9, 380), MARGIN, 9, 'regular', grey);
  y -= 34;

  const header = () => {
    text(t('hours.record.date'), COLUMNS.date, 10, 'bold');
    text(t('hours.record.hours'), COLUMNS.hours, 10, 'bold');
    text(t('hours.record.activity'), COLUMNS.activity, 10, 'bold');
    text(t('hours.record.approval'), COLUMNS.approval, 10, 'bold');
    y -= ROW;
  };
  header();
  const activityWidth = COLUMNS.approval - COLUMNS.activity - 10;
  const approvalWidth = A4[0] - MARGIN - COLUMNS.approval;
  for (const entry of content.entries) {
    // Issue 33: the organisation or event and how it was verified, wrapped, never cut off.
    const activity = writer.wrap(entry.activity, 10, activityWidth);
    const approval = writer.wrap(approvalText(t, entry), 10, approvalWidth);
    const height = (Math.max(activity.length, approval.length) - 1) * LINE + ROW;
    if (y - height < MARGIN + ROW) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
      text(t('hours.record.continued', { code: content.code }), MARGIN, 9, 'regular', grey);
      y -= ROW * 1.5;
      header();
    }
    text(calendarDate(language, entry.date, 'medium'), COLUMNS.date);
    text(hours(entry.hours), COLUMNS.hours);
    const top = y;
    for (const [column, lines] of [
      [COLUMNS.activity, activity],
      [COLUMNS.approval, approval],
    ] as const) {
      lines.forEach((line, index) => {
        y = top - index * LINE;
        text(line, column);
      });
    }
    y = top - height;
  }
  if (content.entries.length === 0) {
    text(t('hours.record.noEntries'), MARGIN);
    y -= ROW;
  }
  y -= 6;
  if (y < MARGIN) {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  }
  text(t('hours.record.total', { total: hours(content.totalHours) }), MARGIN, 12, 'bold');
  return doc.save();
}
