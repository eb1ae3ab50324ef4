// /blog journeys through the gateway, as students and an admin would use the screen: write a post,
// see it pending, moderation by an admin, who sees what, and HTML shown as the characters typed.
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations, registerUser, runEnv } from '../support/index.ts';

const TEXT = {
  title: 'Student Blog Posts',
  write: 'Write a Post',
  submit: 'Submit for Review',
  submitted: 'Your blog post has been submitted for review',
  statusUpdated: 'Blog post status updated',
  titleMin: 'Title must be at least 5 characters long',
  contentMin: 'Content must be at least 100 characters long',
};

const tag = () => randomBytes(3).toString('hex');

const STORY =
  'On Saturday our robotics club spent the morning at the food bank in Elmwood, sorting cans.\n\n' +
  'We packed forty boxes for families across the parish and we are going back next month.';

// A browser context of its own per person, so each has their own session cookie.
async function signedInPage(browser: Browser, who: 'admin' | 'student') {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (who === 'admin') {
    const res = await page.request.post('/api/login', { data: runEnv.admin });
    expect(res.ok(), `admin login answered ${res.status()}`).toBe(true);
  } else {
    await registerUser(page);
  }
  return { page, close: () => context.close() };
}

async function openBlog(page: Page): Promise<void> {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.title })).toBeVisible();
  // The list has answered once the spinner is gone.
  await expect(page.getByRole('status', { name: 'Loading blog posts' })).toHaveCount(0);
}

// axe on what this area renders: the page inside <main>, and the dialog (a portal) when open.
// The shared header is checked by the shell's own journeys.
async function checkA11y(page: Page, what: 'page' | 'dialog' = 'page'): Promise<void> {
  await expectNoA11yViolations(page, { include: what === 'page' ? 'main' : '[role="dialog"]' });
}

const card = (page: Page, title: string): Locator => page.getByRole('article', { name: title });

async function writePost(page: Page, title: string, content: string): Promise<void> {
  await page.getByRole('button', { name: TEXT.write }).click();
  const dialog = page.getByRole('dialog', { name: TEXT.write });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill(content);
  await dialog.getByRole('button', { name: TEXT.submit }).click();
  await expect(page.getByText(TEXT.submitted, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
}

// First in the file (tests of one file run in order): no other journey writes blog posts, so
// nobody has a visible post yet.
test('a fresh platform shows the empty text', async ({ browser }) => {
  const student = await signedInPage(browser, 'student');
  try {
    await openBlog(student.page);
    await expect(
      student.page.getByText('No blog posts available yet. Be the first to share your thoughts!'),
    ).toBeVisible();
    await checkA11y(student.page);
  } finally {
    await student.close();
  }
});

test('a student writes a post, an admin approves it, and both students then see it highlighted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Food bank Saturday ${tag()}`;
  const author = await signedInPage(browser, 'student');
  const other = await signedInPage(browser, 'student');
  const admin = await signedInPage(browser, 'admin');
  try {
    await test.step('the author sees the field messages before anything is sent', async () => {
      await openBlog(author.page);
      await checkA11y(author.page);
      let posted = 0;
      author.page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/blog-posts')) posted += 1;
      });
      await author.page.getByRole('button', { name: TEXT.write }).click();
      const dialog = author.page.getByRole('dialog', { name: TEXT.write });
      await dialog.getByLabel('Title').fill('Hey');
      await dialog.getByLabel('Content').fill('Too short to be a story.');
      await dialog.getByRole('button', { name: TEXT.submit }).click();
      await expect(dialog.getByText(TEXT.titleMin)).toBeVisible();
      await expect(dialog.getByText(TEXT.contentMin)).toBeVisible();
      await checkA11y(author.page, 'dialog');
      expect(posted).toBe(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the author submits and sees the post pending, paragraphs kept', async () => {
      await writePost(author.page, title, STORY);
      const mine = card(author.page, title);
      await expect(mine.getByText('Pending', { exact: true })).toBeVisible();
      await expect(mine.locator('.ui-badge--highlight')).toHaveCount(0);
      await expect(mine.locator('.blog-post__content p')).toHaveCount(2);
      // Not published yet (issue 33.11): "Submitted on", not "Posted on".
      await expect(mine.getByText(/^Submitted on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
      await author.page.reload();
      await expect(card(author.page, title).getByText('Pending', { exact: true })).toBeVisible();
    });

    await test.step('another student does not see the pending post', async () => {
      await openBlog(other.page);
      await expect(card(other.page, title)).toHaveCount(0);
    });

    await test.step('the admin approves it', async () => {
      await openBlog(admin.page);
      const pending = card(admin.page, title);
      await expect(pending.getByRole('button', { name: /Reject/ })).toBeVisible();
      await checkA11y(admin.page);
      await pending.getByRole('button', { name: /Approve/ }).click();
      await expect(admin.page.getByText(TEXT.statusUpdated, { exact: true })).toBeVisible();
      await expect(pending.getByText('Approved', { exact: true })).toBeVisible();
      await expect(pending.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
    });

    await test.step('both students now see it with the highlighted badge', async () => {
      for (const page of [author.page, other.page]) {
        await openBlog(page);
        const approved = card(page, title);
        await expect(approved.locator('.ui-badge--highlight')).toHaveText('Approved');
        await expect(approved.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
      }
    });

    await test.step('a second review of the same post is refused (409)', async () => {
      const res = await admin.page.request.get('/api/blog-posts');
      const post = ((await res.json()) as Array<{ id: number; title: string }>).find(
        (p) => p.title === title,
      );
      const again = await admin.page.request.patch(`/api/blog-posts/${post?.id}/status`, {
        data: { status: 'rejected' },
      });
      expect(again.status()).toBe(409);
    });
  } finally {
    await Promise.all([author.close(), other.close(), admin.close()]);
  }
});

test('HTML in a post is shown as the characters typed, never run', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Markup test ${tag()}`;
  const script = '<script>window.__blogXss = "script"</script>';
  const image = '<img src="x" onerror="window.__blogXss = \'img\'">';
  const content = `A first paragraph that mentions ${script} in the middle.\n\nAnd a second one with ${image} in it, long enough for review.`;
  const author = await signedInPage(browser, 'student');
  try {
    await openBlog(author.page);
    await writePost(author.page, title, content);
    for (const load of ['after submitting', 'after a reload'] as const) {
      if (load === 'after a reload') await openBlog(author.page);
      const post = card(author.page, title);
      await expect(post.getByText(script, { exact: false })).toBeVisible();
      await expect(post.getByText(image, { exact: false })).toBeVisible();
      await expect(post.locator('script, img[onerror]')).toHaveCount(0);
      expect(await author.page.evaluate(() => (window as { __blogXss?: string }).__blogXss)).toBe(
        undefined,
      );
    }
    await checkA11y(author.page);
  } finally {
    await author.close();
  }
});

test('a long list comes a screenful at a time with "Show more posts"', async ({ browser }) => {
  test.setTimeout(90_000);
  const author = await signedInPage(browser, 'student');
  try {
    for (let i = 1; i <= 22; i++) {
      const res = await author.page.request.post('/api/blog-posts', {
        data: { title: `Diary entry ${i} ${tag()}`, content: STORY },
      });
      expect(res.status()).toBe(201);
    }
    const all = (await (await author.page.request.get('/api/blog-posts')).json()) as unknown[];
    await openBlog(author.page);
    await expect(author.page.getByRole('article')).toHaveCount(20);
    await author.page.getByRole('button', { name: 'Show more posts' }).click();
    await expect(author.page.getByRole('article')).toHaveCount(all.length);
    await expect(author.page.getByRole('button', { name: 'Show more posts' })).toHaveCount(0);
  } finally {
    await author.close();
  }
});

// Issue 14.5: the admins' moderation list is paged on the server too. A pending post written before
// twenty-odd newer approved ones is on the first page of "Awaiting review", not buried in the list.
test('an admin finds a buried pending post under "Awaiting review" and approves it there', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const author = await signedInPage(browser, 'student');
  const admin = await signedInPage(browser, 'admin');
  try {
    const buried = `Buried story ${tag()}`;
    expect(
      (
        await author.page.request.post('/api/blog-posts', {
          data: { title: buried, content: STORY },
        })
      ).status(),
    ).toBe(201);
    // 21 newer posts, approved: the buried one is past the first page of "All posts".
    for (let i = 1; i <= 21; i++) {
      const res = await author.page.request.post('/api/blog-posts', {
        data: { title: `Newer story ${i} ${tag()}`, content: STORY },
      });
      const { id } = (await res.json()) as { id: number };
      const ok = await admin.page.request.patch(`/api/blog-posts/${id}/status`, {
        data: { status: 'approved' },
      });
      expect(ok.status()).toBe(200);
    }

    await openBlog(admin.page);
    await expect(admin.page.getByRole('article').first()).toBeVisible();
    await expect(card(admin.page, buried)).toHaveCount(0);
    const tab = admin.page.getByRole('tab', { name: /^Awaiting review \(\d+\)$/ });
    const before = Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')?.[1]);
    expect(before).toBeGreaterThan(0);
    await tab.click();
    const post = card(admin.page, buried);
    await expect(post).toBeVisible();
    // Only pending posts here, a page at a time.
    const shown = admin.page.getByRole('tabpanel').getByRole('article');
    expect(await shown.count()).toBeLessThanOrEqual(20);
    for (const article of await shown.all()) await expect(article).toContainText('Pending');
    await checkA11y(admin.page);

    await post.getByRole('button', { name: /Approve/ }).click();
    await expect(admin.page.getByText(TEXT.statusUpdated, { exact: true })).toBeVisible();
    await expect(post).toHaveCount(0);
    await expect
      .poll(async () => Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')?.[1]))
      .toBeLessThanOrEqual(before);
  } finally {
    await author.close();
    await admin.close();
  }
});
