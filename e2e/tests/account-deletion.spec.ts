// Account deletion across the running services (issue 5, DESIGN "Account deletion"): an admin
// deletes a student who had a signup, approved hours and a post; afterwards the spot is free again,
// the hours are gone, and the post shows "Unknown Author". Steps whose service is not running in
// this build are skipped and named in the test's annotations, so the report says what was proven.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SCREEN_TEXTS, TOASTS } from '@district/contracts';
import { registerUser, runEnv, type RegisteredUser } from '../support/index.ts';

const POLL = { timeout: 20_000, intervals: [200, 500, 1000] };

async function signedIn(
  playwright: typeof import('@playwright/test').request,
  account: { username: string; password: string },
): Promise<APIRequestContext> {
  const context = await playwright.newContext({ baseURL: runEnv.baseUrl });
  const res = await context.post('/api/login', { data: account });
  expect(res.status(), `login as ${account.username}: ${await res.text()}`).toBe(200);
  return context;
}

// A service that is not part of this build answers the gateway's 502/404 instead of JSON of its own.
async function running(context: APIRequestContext, path: string): Promise<boolean> {
  const res = await context.get(path);
  return res.status() < 400;
}

async function remoteBuilt(context: APIRequestContext, name: string): Promise<boolean> {
  return (await context.get(`/mf/${name}/mf-manifest.json`)).status() === 200;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

interface Opportunity {
  id: number;
  filled: number;
  spaces: number;
}

test('an admin deletes a student: spots freed, hours gone, the post shows "Unknown Author"', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const ran: string[] = [];
  const skipped: string[] = [];
  const skip = (step: string, why: string) => {
    skipped.push(`${step}: ${why}`);
    test.info().annotations.push({ type: 'skipped step', description: `${step}: ${why}` });
  };

  const admin = await signedIn(playwright.request, runEnv.admin);
  const supervisor = await signedIn(playwright.request, runEnv.supervisor);
  const studentApi = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  const student: RegisteredUser = await registerUser(studentApi, {
    name: `Doomed ${Date.now().toString(36)}`,
    school: 'Riverdale High School',
    grade: 11,
    serviceHours: 3,
  });
  const classmateApi = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  await registerUser(classmateApi, { name: `Classmate ${Date.now().toString(36)}` });

  // --- What the student leaves behind in each service ---------------------------------------
  const volunteerUp = await running(admin, '/api/opportunities');
  let opportunity: Opportunity | undefined;
  if (volunteerUp) {
    const date = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString();
    const created = await admin.post('/api/opportunities', {
      data: {
        title: 'Levee clean-up',
        description: 'Bags and gloves provided',
        location: 'Harahan',
        date,
        spaces: 1,
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    opportunity = (await created.json()) as Opportunity;
    const signup = await studentApi.post(`/api/opportunities/${opportunity.id}/signup`);
    expect(signup.status(), await signup.text()).toBeLessThan(300);
    // The only spot is taken: the classmate is turned away.
    expect((await classmateApi.post(`/api/opportunities/${opportunity.id}/signup`)).status()).toBe(
      409,
    );
  } else skip('signup and freed spot', 'svc-volunteer is not running in this build');

  const hoursUp = await running(supervisor, '/api/service-hours');
  let logId: number | undefined;
  if (hoursUp) {
    const logged = await studentApi.post('/api/service-hours', {
      data: { hours: 2, date: today(), description: 'Sorted donations at the food bank' },
    });
    expect(logged.status(), await logged.text()).toBe(201);
    logId = ((await logged.json()) as { id: number }).id;
    const approved = await supervisor.patch(`/api/service-hours/${logId}/status`, {
      data: { status: 'approved' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    // hours.approved reaches svc-auth: the directory total is declared 3 + approved 2.
    await expect
      .poll(async () => {
        const list = (await (await admin.get('/api/directory')).json()) as Array<{
          id: number;
          serviceHours: number;
        }>;
        return list.find((u) => u.id === student.id)?.serviceHours;
      }, POLL)
      .toBe(5);
  } else skip('approved hours removed', 'svc-hours is not running in this build');

  const contentUp = await running(admin, '/api/blog-posts');
  let postId: number | undefined;
  const postTitle = `Why I volunteer ${Date.now().toString(36)}`;
  if (contentUp) {
    const posted = await studentApi.post('/api/blog-posts', {
      data: {
        title: postTitle,
        content:
          'Every Saturday our team meets at the levee. We pick up litter, count birds and talk to ' +
          'neighbours about keeping the river clean for everyone who lives along it.',
      },
    });
    expect(posted.status(), await posted.text()).toBeLessThan(300);
    postId = ((await posted.json()) as { id: number }).id;
    const approved = await admin.patch(`/api/blog-posts/${postId}/status`, {
      data: { status: 'approved' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  } else skip('post shows "Unknown Author"', 'svc-content is not running in this build');

  // --- The deletion, as an admin does it ---------------------------------------------------
  if (await remoteBuilt(admin, 'directory')) {
    await deleteThroughDirectory(page, student);
    ran.push('deleted through the /directory screen');
  } else {
    const res = await admin.delete(`/api/users/${student.id}`);
    expect(res.status(), await res.text()).toBe(204);
    skip('deletion through the screen', 'mf-directory is not built: deleted through the API');
  }

  // svc-auth: the account and its sessions are gone at once.
  expect((await studentApi.get('/api/user')).status()).toBe(401);
  expect((await studentApi.get('/api/directory')).status()).toBe(401);
  const directory = (await (await admin.get('/api/directory')).json()) as Array<{ id: number }>;
  expect(directory.map((u) => u.id)).not.toContain(student.id);
  ran.push('svc-auth: account, sessions and directory entry gone');

  if (opportunity) {
    const id = opportunity.id;
    await expect
      .poll(async () => {
        const list = (await (await admin.get('/api/opportunities?status=active')).json()) as
          Opportunity[] | { items: Opportunity[] };
        const items = Array.isArray(list) ? list : list.items;
        return items.find((o) => o.id === id)?.filled;
      }, POLL)
      .toBe(0);
    const names = (await (await admin.get(`/api/opportunities/${id}/signups`)).json()) as Array<{
      name: string;
    }>;
    expect(names.map((n) => n.name)).not.toContain(student.name);
    // The freed spot is really free: the classmate now gets it.
    const retry = await classmateApi.post(`/api/opportunities/${id}/signup`);
    expect(retry.status(), await retry.text()).toBeLessThan(300);
    ran.push('svc-volunteer: signup removed, spot freed and taken by another student');
  }

  if (logId !== undefined) {
    const id = logId;
    await expect
      .poll(async () => {
        const logs = (await (await supervisor.get('/api/service-hours')).json()) as
          Array<{ id: number; userId: number }> | { items: Array<{ id: number; userId: number }> };
        const items = Array.isArray(logs) ? logs : logs.items;
        return items.some((l) => l.id === id || l.userId === student.id);
      }, POLL)
      .toBe(false);
    ran.push('svc-hours: hour logs removed');
  }

  if (postId !== undefined) {
    const id = postId;
    await expect
      .poll(async () => {
        const posts = (await (await admin.get('/api/blog-posts')).json()) as
          | Array<{ id: number; author: unknown }>
          | { items: Array<{ id: number; author: unknown }> };
        const items = Array.isArray(posts) ? posts : posts.items;
        const post = items.find((p) => p.id === id);
        return post ? post.author : 'missing';
      }, POLL)
      .toBeNull();
    if (await remoteBuilt(admin, 'blog')) {
      await page.goto('/blog');
      const card = page.getByRole('article').filter({ hasText: postTitle });
      await expect(card.getByText(SCREEN_TEXTS.unknownAuthor)).toBeVisible();
      ran.push('svc-content: the post stays and /blog shows "Unknown Author"');
    } else {
      ran.push('svc-content: the post stays with no author (API)');
      skip('"Unknown Author" on /blog', 'mf-blog is not built');
    }
  }

  test.info().annotations.push({ type: 'ran', description: ran.join('; ') });
  console.log(`account deletion cascade: ran ${ran.length} checks; skipped ${skipped.length}`);
  for (const line of ran) console.log(`  ran: ${line}`);
  for (const line of skipped) console.log(`  skipped: ${line}`);
  await Promise.all([admin, supervisor, studentApi, classmateApi].map((c) => c.dispose()));
});

// The admin finds the student on /directory and deletes them with the confirmation dialog.
async function deleteThroughDirectory(page: Page, student: RegisteredUser): Promise<void> {
  const login = await page.request.post('/api/login', { data: runEnv.admin });
  expect(login.status()).toBe(200);
  await page.goto('/directory');
  await expect(page.getByRole('heading', { name: SCREEN_TEXTS.directoryTitle })).toBeVisible();
  await page.getByRole('searchbox').fill(student.name);
  const card = page.getByRole('listitem').filter({ hasText: student.name });
  // A search opens the matching school groups.
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete ${student.name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(SCREEN_TEXTS.deleteUserWarning);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(TOASTS.userDeleted, { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
}
