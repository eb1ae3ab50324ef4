// Official service records (issue 19): a student issues one, anyone checks it signed out at
// /verify/{code}, and a PDF changed by hand does not pass the check.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectNoA11yViolations,
  linkFrom,
  readMail,
  registerUser,
  runEnv,
  useSavedLanguage,
} from '../support/index.ts';

const checkA11y = (page: Page) => expectNoA11yViolations(page, { include: '#main' });

async function approveAll(request: APIRequestContext, ids: number[]) {
  const login = await request.post('/api/login', { data: runEnv.supervisor });
  expect(login.ok()).toBe(true);
  for (const id of ids) {
    const res = await request.patch(`/api/service-hours/${id}/status`, {
      data: { status: 'approved' },
    });
    expect(res.status()).toBe(200);
  }
}

test('a student issues an official record that anyone can check, and a changed PDF fails', async ({
  browser,
  playwright,
}) => {
  const studentContext = await browser.newContext({ acceptDownloads: true });
  const student = await studentContext.newPage();
  const me = await registerUser(student, { school: 'Riverdale High School', grade: 11 });
  const ids: number[] = [];
  for (const [hours, description] of [
    [2, 'Sorted donations at the food bank'],
    [1.5, 'Read to children at the public library'],
  ] as const) {
    const res = await student.request.post('/api/service-hours', {
      data: { hours, date: '2025-03-01', description },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  const supervisorApi = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  await approveAll(supervisorApi, ids);

  await student.goto('/service-hours');
  await student.getByRole('tab', { name: 'My Hours' }).click();
  await student.getByRole('button', { name: 'Issue official record' }).click();
  const link = student.getByRole('link', { name: /\/verify\// });
  await expect(link).toBeVisible();
  const url = new URL((await link.getAttribute('href')) as string);
  const code = url.pathname.split('/').at(-1) as string;
  await checkA11y(student);
  // On a phone the link wraps after its slashes: the record's code stays on one line and nothing
  // scrolls sideways (issue 33.11).
  await link.screenshot({ path: test.info().outputPath('record-link-1280.png') });
  await student.setViewportSize({ width: 360, height: 800 });
  await student.screenshot({ path: test.info().outputPath('record-link-360.png'), fullPage: true });
  expect(
    await link.evaluate((a) => {
      const range = document.createRange();
      range.selectNodeContents(a.lastChild as Node);
      return [a.lastChild?.textContent, range.getClientRects().length];
    }),
  ).toEqual([code, 1]);
  // The link's box stays inside the phone's width, its text inside the box.
  expect(
    await link.evaluate((a) => {
      const box = a.parentElement as HTMLElement;
      return [
        box.getBoundingClientRect().right <= window.innerWidth,
        box.scrollWidth <= box.clientWidth,
      ];
    }),
  ).toEqual([true, true]);

  const [download] = await Promise.all([
    student.waitForEvent('download'),
    student.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  const pdf = await readFile((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Signed out: a fresh browser with no session.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/verify/${code}`);
  await expect(visitor.getByRole('heading', { name: 'Official service record' })).toBeVisible();
  await expect(visitor.getByText(me.name)).toBeVisible();
  await expect(visitor.getByText('Total approved hours: 3.5')).toBeVisible();
  await expect(visitor.getByText('Valid', { exact: true })).toBeVisible();
  await expect(
    visitor.getByRole('cell', { name: 'Read to children at the public library' }),
  ).toBeVisible();
  await checkA11y(visitor);

  const fileInput = visitor.getByLabel('PDF file');
  await fileInput.setInputFiles({ name: 'record.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(visitor.getByText('This PDF is exactly as issued')).toBeVisible();

  const changed = Buffer.from(pdf);
  changed[Math.floor(changed.length / 2)] ^= 0x01;
  await fileInput.setInputFiles({
    name: 'changed.pdf',
    mimeType: 'application/pdf',
    buffer: changed,
  });
  await expect(visitor.getByText('This PDF is not valid')).toBeVisible();

  // An unknown code says so plainly.
  await visitor.goto('/verify/ZZZZZZZZZZZZ');
  await expect(visitor.getByText('No service record has this code.')).toBeVisible();

  await supervisorApi.dispose();
});

// Issue 33 (item 4): /verify names the district, each entry's organisation or event in full and
// how it was verified, on a phone and a desktop, in English and Spanish.
test('the record says who confirmed each entry and which district issued it, at 360 and 1280 px in English and Spanish', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const organisation = 'Second Harvest Food Bank of Greater New Orleans and Acadiana';
  const contact = `volunteers-${Date.now().toString(36)}@secondharvest.example`;
  const student = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  await registerUser(student, { school: 'Riverdale High School', grade: 10 });
  const since = new Date();
  const confirmedEntry = await student.post('/api/service-hours', {
    data: {
      hours: 3,
      date: '2025-03-01',
      description: 'Packed boxes for families at the warehouse',
      organisation,
      contactEmail: contact,
    },
  });
  expect(confirmedEntry.status()).toBe(201);
  const plainEntry = await student.post('/api/service-hours', {
    data: { hours: 1, date: '2025-03-02', description: 'Read to children at the public library' },
  });
  // The organisation answers from the link in the real mail.
  const mail = await readMail(contact, { since });
  const token = new URL(linkFrom(mail, '/confirm-hours/')).pathname.split('/').at(-1) as string;
  const visitorApi = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  expect(
    (
      await visitorApi.post(`/api/hour-confirmations/${token}`, {
        data: { decision: 'confirmed' },
      })
    ).status(),
  ).toBe(200);
  const supervisorApi = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  await approveAll(supervisorApi, [
    ((await confirmedEntry.json()) as { id: number }).id,
    ((await plainEntry.json()) as { id: number }).id,
  ]);
  const issued = await student.post('/api/service-records', { data: {} });
  expect(issued.status()).toBe(201);
  const { code } = (await issued.json()) as { code: string };

  const texts = {
    en: {
      district: 'Issued by Jefferson Parish Public School System',
      confirmed: `Confirmed by ${organisation}`,
      supervisor: 'Approved by a supervisor',
      column: 'How it was verified',
    },
    es: {
      district: 'Emitido por Jefferson Parish Public School System',
      confirmed: `Confirmado por ${organisation}`,
      supervisor: 'Aprobado por un supervisor',
      column: 'Cómo se verificó',
    },
  } as const;
  for (const language of ['en', 'es'] as const) {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      if (language === 'es') await useSavedLanguage(page, 'es');
      await page.goto(`/verify/${code}`);
      const text = texts[language];
      await expect(page.getByText(text.district)).toBeVisible();
      const rows = page.getByRole('row');
      const confirmedRow = rows.filter({ hasText: text.confirmed });
      await expect(confirmedRow).toHaveCount(1);
      // The organisation's name in full in its own cell, wrapped rather than cut.
      await expect(
        confirmedRow.getByRole('cell', { name: organisation, exact: true }),
      ).toBeVisible();
      await expect(
        rows.filter({ hasText: 'Read to children at the public library' }),
      ).toContainText(text.supervisor);
      await expect(page.getByText('Packed boxes for families')).toHaveCount(0);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);
      await checkA11y(page);
      await page.screenshot({
        path: `/tmp/week-shots/verify-${language}-${width}.png`,
        fullPage: true,
      });
      await context.close();
    }
  }
  await Promise.all([student.dispose(), visitorApi.dispose(), supervisorApi.dispose()]);
});
