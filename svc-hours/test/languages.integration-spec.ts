import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ServiceRecordPdfCheck } from '@district/contracts';
import {
  MailSink,
  mailParts,
  type CapturedMail,
  callService,
  clearRedisPrefix,
  createTestDatabase,
  startTestService,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import {
  logBody,
  OTHER_STUDENT,
  STUDENT,
  SUPERVISOR,
  type Caller,
  hoursEvents,
  hoursTestConfig,
  type HoursEvents,
  type Json,
  type RequestOptions,
} from './support/hours-fixtures';
import { pdfText } from './support/pdf-text';
import type { ServiceConfig } from '@district/service-kit';
import { DataSource } from 'typeorm';
import { AppModule, SERVICE } from '../src/app.module';

const CONTACT = 'coordinator@library.example';
const SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };

// Issue 22: svc-hours writes its own texts (the organisation's mail, the PDF record) in the
// language of the request that caused them, and its errors come back in the reader's language.
describe('svc-hours in Spanish (real PostgreSQL, Redis and SMTP sink)', () => {
  let database: TestDatabase;
  let config: ServiceConfig;
  let service: TestService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    callService<T>(service.url, method, path, options);
  const sink = new MailSink();

  const textOf = (mail: CapturedMail) =>
    (
      mailParts(mail.raw).parts.find((p) => p.contentType.startsWith('text/plain'))?.body ?? ''
    ).replace(/\r\n/g, '\n');
  const htmlOf = (mail: CapturedMail) =>
    mailParts(mail.raw).parts.find((p) => p.contentType.startsWith('text/html'))?.body ?? '';
  const logWithContact = async (headers: Record<string, string>) => {
    const since = sink.messages.length;
    const res = await request('POST', '/api/service-hours', {
      as: STUDENT,
      headers,
      json: logBody({ hours: 2.5, organisation: 'Biblioteca Central', contactEmail: CONTACT }),
    });
    expect(res.status).toBe(201);
    const mail = await sink.waitFor(CONTACT, { since });
    const [row] = await db.query(
      `SELECT "language", "expires_at" FROM "hour_confirmations" WHERE "log_id" = $1`,
      [res.body.id],
    );
    const token = /confirm-hours\/([A-Za-z0-9_-]{43})/.exec(textOf(mail))?.[1] as string;
    return { id: res.body.id as number, mail, row, token };
  };
  const logAndApprove = async (hours: number, date: string, description: string) => {
    const id = (
      await request('POST', '/api/service-hours', {
        as: STUDENT,
        json: logBody({ hours, date, description }),
      })
    ).body.id as number;
    const review = await request('PATCH', `/api/service-hours/${id}/status`, {
      as: SUPERVISOR,
      json: { status: 'approved' },
    });
    expect(review.status).toBe(200);
    return id;
  };
  const issue = async (headers: Record<string, string> = {}, as: Caller = STUDENT) => {
    const issued = await request('POST', '/api/service-records', { as, json: {}, headers });
    expect(issued.status).toBe(201);
    const response = await fetch(`${service.url}/api/service-records/${issued.body.code}/pdf`);
    expect(response.status).toBe(200);
    return { code: issued.body.code as string, pdf: Buffer.from(await response.arrayBuffer()) };
  };
  const checkPdf = async (bytes: Uint8Array, headers: Record<string, string> = {}) => {
    const response = await fetch(`${service.url}/api/service-records/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', ...headers },
      body: bytes,
    });
    return { status: response.status, body: (await response.json()) as ServiceRecordPdfCheck };
  };

  beforeAll(async () => {
    const smtpUrl = await sink.start();
    database = await createTestDatabase('hours');
    config = hoursTestConfig(database, { smtpUrl });
    service = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
    db = service.app.get(DataSource);
    events = hoursEvents(config, db);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Student', grade: 11 });
    await events.registerUser({ id: OTHER_STUDENT.id, name: 'Bo Other' });
  });

  afterAll(async () => {
    await events?.close();
    await service?.close();
    if (config) await clearRedisPrefix(config.BULLMQ_PREFIX);
    await database?.drop();
    await sink.stop();
  });

  it('mails the organisation in English, word for word as before, without Accept-Language', async () => {
    const { mail, row, token } = await logWithContact({});
    expect(row.language).toBe('en');
    const until = new Date(row.expires_at).toISOString().slice(0, 10);
    expect(mailParts(mail.raw).headers.subject).toBe("Please confirm Ada's volunteer hours");
    expect(textOf(mail).trim()).toBe(
      [
        'Hello,',
        '',
        'Ada (Jesuit High School) logged 2.5 hours of volunteering with Biblioteca Central on 2025-03-01:',
        '',
        'Sorted cans at the food bank',
        '',
        `Open this link to confirm or decline these hours (it works once, until ${until}):`,
        '',
        `http://district.test/confirm-hours/${token}`,
        '',
        'If you do not know this student, decline or ignore this e-mail. No account is needed.',
      ].join('\n'),
    );
    expect(htmlOf(mail)).toContain(
      'Ada (Jesuit High School) logged <strong>2.5 hours</strong> of volunteering with Biblioteca Central on 2025-03-01:',
    );
  });

  it('mails the organisation in Spanish when the student logs in Spanish, and resends in Spanish', async () => {
    const { id, mail, row } = await logWithContact(SPANISH);
    expect(row.language).toBe('es');
    expect(mailParts(mail.raw).headers.subject).toBe('Confirma las horas de voluntariado de Ada');
    const text = textOf(mail);
    expect(text).toContain('Hola:');
    expect(text).toContain(
      'Ada (Jesuit High School) registró 2.5 horas de voluntariado con Biblioteca Central el 1 de marzo de 2025:',
    );
    expect(text).toMatch(
      /Abre este enlace para confirmar o rechazar estas horas \(funciona una sola vez, hasta el \d{1,2} de [a-z]+ de \d{4}\):/,
    );
    expect(text).toContain('No necesitas una cuenta.');
    expect(text).not.toContain('Hello');
    expect(htmlOf(mail)).toContain('registró <strong>2.5 horas</strong> de voluntariado');

    // The resend is the same mail in the language the entry was logged in, whatever the
    // language of the resend request.
    const since = sink.messages.length;
    const resent = await request('POST', `/api/service-hours/${id}/confirmation-mail`, {
      as: STUDENT,
    });
    expect(resent.status).toBe(204);
    const again = await sink.waitFor(CONTACT, { since });
    expect(textOf(again)).toContain('registró 2.5 horas');

    // Once the organisation has answered, the student's resend is refused in their language.
    const token = /confirm-hours\/([A-Za-z0-9_-]{43})/.exec(textOf(again))?.[1] as string;
    const declined = await request('POST', `/api/hour-confirmations/${token}`, {
      json: { decision: 'declined' },
    });
    expect(declined.status).toBe(200);
    const refused = await request('POST', `/api/service-hours/${id}/confirmation-mail`, {
      as: STUDENT,
      headers: SPANISH,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('La organización ya rechazó este registro');
  });

  it('issues a Spanish PDF that verifies, beside an English one unchanged', async () => {
    await logAndApprove(2, '2025-02-01', 'Turno en el banco de alimentos');
    await logAndApprove(1.5, '2025-03-01', 'Limpieza del parque');

    const english = await issue();
    const en = await pdfText(english.pdf);
    expect(en.title).toBe(`Official service record ${english.code}`);
    expect(en.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Official service record',
        'Grade 11',
        expect.stringMatching(/^Issued \d{4}-\d{2}-\d{2}$/),
        `Code ${english.code}`,
        `Check it at http://district.test/verify/${english.code}`,
        'Date',
        'Hours',
        'Organisation or event',
        'How it was verified',
        '2025-02-01',
        '1.5',
        'Approved by a supervisor',
        'Total approved hours: 3.5',
      ]),
    );

    const spanish = await issue(SPANISH);
    const es = await pdfText(spanish.pdf);
    expect(es.title).toBe(`Certificado oficial de servicio ${spanish.code}`);
    expect(es.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Certificado oficial de servicio',
        'Grado 11',
        expect.stringMatching(/^Emitido el \d{1,2} de [a-z]+ de \d{4}$/),
        `Código ${spanish.code}`,
        `Verifícalo en http://district.test/verify/${spanish.code}`,
        'Fecha',
        'Horas',
        'Organización o evento',
        'Cómo se verificó',
        '1 feb 2025',
        '1.5',
        'Aprobado por un supervisor',
        'Total de horas aprobadas: 3.5',
      ]),
    );
    expect(es.text).not.toContain('Official service record');
    const [stored] = await db.query(`SELECT "language" FROM "service_records" WHERE "code" = $1`, [
      spanish.code,
    ]);
    expect(stored.language).toBe('es');

    // Downloaded again (by anyone, in any language) it is the same file, and it still verifies;
    // the verification answers in the reader's language, the signed data unchanged.
    const again = await fetch(`${service.url}/api/service-records/${spanish.code}/pdf`);
    expect(Buffer.from(await again.arrayBuffer()).equals(spanish.pdf)).toBe(true);
    const checkedEs = await checkPdf(spanish.pdf, SPANISH);
    expect(checkedEs.status).toBe(200);
    expect(checkedEs.body.matches).toBe(true);
    expect(checkedEs.body.record?.code).toBe(spanish.code);
    expect(checkedEs.body.record?.entries.map((e) => e.approval)).toEqual([
      'Aprobado por un supervisor',
      'Aprobado por un supervisor',
    ]);
    const checkedEn = await checkPdf(spanish.pdf);
    expect(checkedEn.body.record?.entries[0].approval).toBe('Approved by a supervisor');
    expect((await checkPdf(english.pdf)).body.matches).toBe(true);
  });

  it('answers its errors in Spanish for Accept-Language: es, in English otherwise', async () => {
    const forOther = (headers: Record<string, string>) =>
      request('POST', '/api/service-records', {
        as: STUDENT,
        json: { userId: OTHER_STUDENT.id },
        headers,
      });
    expect((await forOther({})).body.message).toBe(
      'Only an admin can issue a record for another student',
    );
    const refused = await forOther(SPANISH);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Solo un administrador puede emitir un certificado para otro estudiante',
    );

    // A status word inside the sentence is translated too.
    const id = await logAndApprove(1, '2025-03-02', 'Biblioteca');
    const again = await request('PATCH', `/api/service-hours/${id}/status`, {
      as: SUPERVISOR,
      json: { status: 'rejected' },
      headers: SPANISH,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Solo se pueden revisar los elementos pendientes: este registro ya está aprobado',
    );

    const cursor = await request('GET', '/api/service-hours?limit=5&cursor=nope', {
      as: STUDENT,
      headers: SPANISH,
    });
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors).toEqual([{ path: 'cursor', message: 'Cursor no válido' }]);

    const pdf = await fetch(`${service.url}/api/service-records/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...SPANISH },
      body: '{}',
    });
    expect(pdf.status).toBe(415);
    expect(((await pdf.json()) as { message: string }).message).toBe(
      'Envía el PDF como application/pdf',
    );
  });
});
