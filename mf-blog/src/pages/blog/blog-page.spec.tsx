import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within, waitFor } from '@testing-library/react';
import type { BlogPost, CurrentUser } from '@district/contracts';
import {
  AuthProvider,
  LanguageProvider,
  queryClient,
  registerCatalogue,
  changeLanguage,
  usePlatformStore,
} from '@district/ui';
import { loadCatalogue } from '../../i18n';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { BlogPage } from './blog-page';

const student: CurrentUser = {
  id: 7,
  ref: 'ref-7',
  name: 'Maya Lee',
  username: 'maya',
  email: 'maya@example.org',
  school: 'Jesuit High School',
  grade: 11,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: false,
  isSupervisor: false,
  directoryVisible: true,
  restricted: false,
};
const admin: CurrentUser = { ...student, id: 1, name: 'Ada Admin', username: 'ada', isAdmin: true };

const LONG = 'x'.repeat(100);

function post(id: number, overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id,
    title: `Post number ${id}`,
    content: `Body of post ${id}. ${LONG}`,
    status: 'approved',
    createdAt: '2025-03-03T15:00:00.000Z',
    updatedAt: '2025-03-03T15:00:00.000Z',
    author: { name: 'Leo Park', avatarUrl: null },
    ...overrides,
  };
}

let server: TestServer;
let restoreFetch: () => void;
let me: CurrentUser = student;
let posts: BlogPost[] = [];
let patchAnswer: { status: number; body: unknown } | null = null;

beforeAll(async () => {
  // This area's texts, as the shell's `ready` loads them before the page renders.
  await registerCatalogue(loadCatalogue);
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 200, me),
    // The page asks for ?page&pageSize (a Page), like the service answers it.
    'GET /api/blog-posts': (req, res) => {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      const page = Number(query.get('page'));
      const pageSize = Number(query.get('pageSize'));
      if (!page || !pageSize)
        return json(res, 400, { statusCode: 400, message: 'expected paging' });
      const items = posts.slice((page - 1) * pageSize, page * pageSize);
      json(res, 200, { items, total: posts.length, page, pageSize });
    },
    'POST /api/blog-posts': (_req, res, body) => {
      const input = JSON.parse(body) as { title: string; content: string };
      const created = post(100 + posts.length, {
        ...input,
        status: 'pending',
        author: { name: me.name, avatarUrl: null },
      });
      posts = [created, ...posts];
      json(res, 201, created);
    },
    'PATCH /api/blog-posts/2/status': (_req, res, body) => {
      if (patchAnswer) return json(res, patchAnswer.status, patchAnswer.body);
      const { status } = JSON.parse(body) as { status: BlogPost['status'] };
      posts = posts.map((p) => (p.id === 2 ? { ...p, status } : p));
      json(
        res,
        200,
        posts.find((p) => p.id === 2),
      );
    },
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  me = student;
  patchAnswer = null;
  server.requests.length = 0;
  queryClient.clear();
  usePlatformStore.setState({ user: undefined, toasts: [] });
});

afterEach(() => cleanup());

function renderPage() {
  return render(
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BlogPage />
        </AuthProvider>
      </QueryClientProvider>
    </LanguageProvider>,
  );
}

const requestsTo = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.url.split('?')[0] === path);

describe('BlogPage', () => {
  it('shows the title and the empty text when there is no post', async () => {
    posts = [];
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Student Blog Posts' })).toBeTruthy();
    expect(
      await screen.findByText('No blog posts available yet. Be the first to share your thoughts!'),
    ).toBeTruthy();
  });

  it('renders each card: author or "Unknown Author", status badge, paragraphs as text and the date', async () => {
    posts = [
      post(1, {
        content: `First <script>window.hacked = true</script> paragraph.\nSame paragraph.\n\n<img src=x onerror="window.hacked = true"> second. ${LONG}`,
      }),
      post(2, { status: 'pending', author: null }),
    ];
    renderPage();
    const first = await screen.findByRole('article', { name: 'Post number 1' });
    expect(within(first).getByText('Leo Park')).toBeTruthy();
    expect(within(first).getByText('Approved').className).toContain('ui-badge--highlight');
    const paragraphs = first.querySelectorAll('.blog-post__content p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0].textContent).toBe(
      'First <script>window.hacked = true</script> paragraph.\nSame paragraph.',
    );
    expect(paragraphs[1].textContent).toContain('<img src=x onerror="window.hacked = true">');
    expect(first.querySelector('script, img[onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(first).getByText('Posted on March 3, 2025')).toBeTruthy();

    const second = screen.getByRole('article', { name: 'Post number 2' });
    expect(within(second).getByText('Unknown Author')).toBeTruthy();
    expect(within(second).getByText('Pending').className).not.toContain('ui-badge--highlight');
    // Issue 33.11: not published yet, only submitted.
    expect(within(second).getByText('Submitted on March 3, 2025')).toBeTruthy();
    expect(within(second).queryByText(/Posted on/)).toBeNull();
  });

  it('a limited account sees "Write a post" disabled, with the reason, in both languages', async () => {
    me = { ...student, restricted: true };
    posts = [];
    renderPage();
    const write = await screen.findByRole('button', {
      name: 'Write a Post',
      description: 'Your parent or guardian has not agreed yet: you can post once they do',
    });
    expect((write as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(write);
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(() => changeLanguage('es'));
    expect(
      screen
        .getByRole('button', { name: 'Escribir una publicación' })
        .getAttribute('aria-describedby'),
    ).toBe('blog-restricted');
    expect(
      screen.getByText(
        'Tu madre, padre o tutor todavía no ha dado su permiso: podrás publicar cuando lo haga',
      ),
    ).toBeTruthy();
    await act(() => changeLanguage('en'));
  });

  it('offers Approve and Reject on pending posts to admins only', async () => {
    posts = [post(1), post(2, { status: 'pending' }), post(3, { status: 'rejected' })];
    renderPage();
    await screen.findByRole('article', { name: 'Post number 2' });
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
    cleanup();

    me = admin;
    queryClient.clear();
    renderPage();
    const pending = await screen.findByRole('article', { name: 'Post number 2' });
    await within(pending).findByRole('button', { name: /Approve/ });
    expect(screen.getAllByRole('button', { name: /Approve/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Reject/ })).toHaveLength(1);
  });

  it('an admin approves: PATCH, the toast, and the refreshed list shows the new badge', async () => {
    me = admin;
    posts = [post(2, { status: 'pending' })];
    renderPage();
    const card = await screen.findByRole('article', { name: 'Post number 2' });
    fireEvent.click(await within(card).findByRole('button', { name: /Approve/ }));
    expect(await within(card).findByText('Approved')).toBeTruthy();
    expect(JSON.parse(requestsTo('PATCH', '/api/blog-posts/2/status')[0].body)).toEqual({
      status: 'approved',
    });
    expect(usePlatformStore.getState().toasts[0]).toMatchObject({
      title: 'Blog post status updated',
    });
    expect(within(card).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('a refused review shows the destructive "Error" toast with the server message', async () => {
    me = admin;
    posts = [post(2, { status: 'pending' })];
    patchAnswer = {
      status: 409,
      body: {
        statusCode: 409,
        message: 'Only pending items can be reviewed: this post is already approved',
      },
    };
    renderPage();
    const card = await screen.findByRole('article', { name: 'Post number 2' });
    fireEvent.click(await within(card).findByRole('button', { name: /Reject/ }));
    await waitFor(() =>
      expect(usePlatformStore.getState().toasts[0]).toMatchObject({
        title: 'Error',
        description: '409: Only pending items can be reviewed: this post is already approved',
        variant: 'destructive',
      }),
    );
  });

  it('shows 20 cards first and the rest after "Show more posts"', async () => {
    posts = Array.from({ length: 45 }, (_, i) => post(i + 1));
    renderPage();
    await screen.findByRole('article', { name: 'Post number 20' });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Show more posts' }));
    await screen.findByRole('article', { name: 'Post number 40' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more posts' }));
    await screen.findByRole('article', { name: 'Post number 45' });
    expect(screen.getAllByRole('article')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
    expect(requestsTo('GET', '/api/blog-posts').map((r) => r.url)).toEqual([
      '/api/blog-posts?page=1&pageSize=20',
      '/api/blog-posts?page=2&pageSize=20',
      '/api/blog-posts?page=3&pageSize=20',
    ]);
  });

  it('Write a Post: shows the spec messages under the fields without any request, then submits', async () => {
    posts = [];
    renderPage();
    await screen.findByText(/No blog posts available yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Write a Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a Post' });
    const submit = within(dialog).getByRole('button', { name: 'Submit for Review' });

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Hey' } });
    fireEvent.change(within(dialog).getByLabelText('Content'), { target: { value: 'Too short.' } });
    fireEvent.click(submit);
    expect(
      await within(dialog).findByText('Title must be at least 5 characters long'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Content must be at least 100 characters long')).toBeTruthy();
    expect(within(dialog).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo('POST', '/api/blog-posts')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Title'), {
      target: { value: 'Our food bank Saturday' },
    });
    fireEvent.change(within(dialog).getByLabelText('Content'), {
      target: { value: `We sorted cans all morning.\n\nThen we packed boxes. ${LONG}` },
    });
    expect(within(dialog).queryByText('Title must be at least 5 characters long')).toBeNull();
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(await screen.findByRole('article', { name: 'Our food bank Saturday' })).toBeTruthy();
    expect(JSON.parse(requestsTo('POST', '/api/blog-posts')[0].body)).toEqual({
      title: 'Our food bank Saturday',
      content: `We sorted cans all morning.\n\nThen we packed boxes. ${LONG}`,
    });
    expect(usePlatformStore.getState().toasts[0]).toMatchObject({
      title: 'Your blog post has been submitted for review',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('BlogPage in Spanish', () => {
  afterEach(() => changeLanguage('en'));

  it('shows the heading, the cards, the dates and the form errors in Spanish', async () => {
    await changeLanguage('es');
    me = admin;
    posts = [post(1), post(2, { status: 'pending', author: null })];
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Publicaciones de estudiantes' }),
    ).toBeTruthy();
    const first = await screen.findByRole('article', { name: 'Post number 1' });
    expect(within(first).getByText('Aprobada')).toBeTruthy();
    expect(within(first).getByText('Publicado el 3 de marzo de 2025')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Post number 2' });
    expect(within(second).getByText('Pendiente')).toBeTruthy();
    expect(within(second).getByText('Autor desconocido')).toBeTruthy();
    expect(within(second).getByText('Enviado el 3 de marzo de 2025')).toBeTruthy();
    expect(
      await within(second).findByRole('button', { name: 'Aprobar «Post number 2»' }),
    ).toBeTruthy();
    // The test server ignores ?status: both posts count.
    expect(await screen.findByRole('tab', { name: 'Por revisar (2)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Escribir una publicación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escribir una publicación' });
    fireEvent.change(within(dialog).getByLabelText('Título'), { target: { value: 'Hey' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar para revisión' }));
    expect(
      await within(dialog).findByText('El título debe tener al menos 5 caracteres'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('El contenido debe tener al menos 100 caracteres'),
    ).toBeTruthy();
    expect(requestsTo('POST', '/api/blog-posts')).toHaveLength(0);
  });
});
