import { blogPostSchema, VALIDATION } from '@district/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { apiRequest } from '../api/api-client';
import { Field } from '../components/field';
import { Input, Textarea } from '../components/input';
import {
  json,
  routeRelativeFetchTo,
  startTestServer,
  type TestServer,
} from '../testing/test-server';
import { useSchemaForm } from './use-schema-form';

type Post = { title: string; content: string };

// A form built the way every screen builds one: Field ties the message to its control.
function PostForm({
  schema = blogPostSchema,
  onValid,
  revalidateOnChange,
}: {
  schema?: typeof blogPostSchema | (() => Promise<typeof blogPostSchema>);
  onValid: (data: Post) => void;
  revalidateOnChange?: boolean;
}) {
  const form = useSchemaForm({
    initial: { title: '', content: '' },
    schema: schema as typeof blogPostSchema,
    onValid: (data) => {
      onValid(data);
      // The server refuses: its 400 field errors land under the fields.
      void apiRequest('POST', '/api/blog-posts', data).catch(form.showServerErrors);
    },
    revalidateOnChange,
  });
  return (
    <form {...form.formProps} aria-label="post">
      <Field label="Title" error={form.fieldError('title')}>
        <Input
          name="title"
          value={form.values.title}
          onChange={(e) => form.change('title')(e.target.value)}
        />
      </Field>
      <Field label="Content" error={form.fieldError('content')}>
        <Textarea
          name="content"
          value={form.values.content}
          onChange={(e) => form.change('content')(e.target.value)}
        />
      </Field>
      <p data-testid="touched">{Object.keys(form.touched).join(',')}</p>
      <button type="submit">Send</button>
    </form>
  );
}

// Long enough for the schema (100 characters at least).
const STORY =
  'We picked up forty bags of litter on Saturday morning, sorted the recycling, and planted ten young oaks by the car park.';

const messageOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ') || undefined;
};
const submit = () => act(async () => void fireEvent.submit(screen.getByRole('form')));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('useSchemaForm', () => {
  let server: TestServer;
  let restoreFetch: () => void;
  const sent: unknown[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      'POST /api/blog-posts': (_req, res, body) => {
        sent.push(JSON.parse(body));
        json(res, 400, {
          statusCode: 400,
          message: 'Title is already used',
          errors: [{ path: 'title', message: 'Title is already used' }],
        });
      },
    });
    restoreFetch = routeRelativeFetchTo(server.origin);
  });
  afterAll(async () => {
    restoreFetch();
    await server.close();
  });
  afterEach(() => {
    cleanup();
    sent.length = 0;
  });

  it('shows the schema’s messages under the fields, marks them invalid and focuses the first', async () => {
    const valid: Post[] = [];
    render(<PostForm onValid={(data) => valid.push(data)} />);
    await submit();
    expect(messageOf('Title')).toBe(VALIDATION.titleMin);
    expect(messageOf('Content')).toBe(VALIDATION.contentMin);
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    expect(valid).toEqual([]);
  });

  it('clears a field’s message as it is changed, tracks touched fields, and sends the parsed data', async () => {
    const valid: Post[] = [];
    render(<PostForm onValid={(data) => valid.push(data)} />);
    await submit();
    type('Title', 'Beach cleanup day');
    expect(messageOf('Title')).toBeUndefined();
    expect(messageOf('Content')).toBe(VALIDATION.contentMin);
    fireEvent.blur(screen.getByLabelText('Content'));
    expect(screen.getByTestId('touched').textContent).toBe('title,content');
    type('Content', STORY);
    await submit();
    expect(valid).toEqual([{ title: 'Beach cleanup day', content: STORY }]);
  });

  it('puts a server 400’s field errors under their fields', async () => {
    render(<PostForm onValid={() => undefined} />);
    type('Title', 'Beach cleanup day');
    type('Content', STORY);
    await submit();
    await screen.findByText('Title is already used');
    expect(sent).toContainEqual({ title: 'Beach cleanup day', content: STORY });
    expect(messageOf('Title')).toBe('Title is already used');
    expect(messageOf('Content')).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
  });

  it('after a first submit, re-checks on every change when asked to', async () => {
    render(<PostForm onValid={() => undefined} revalidateOnChange />);
    await submit();
    type('Title', 'B');
    expect(messageOf('Title')).toBe(VALIDATION.titleMin);
    type('Title', 'Beach cleanup day');
    expect(messageOf('Title')).toBeUndefined();
    expect(messageOf('Content')).toBe(VALIDATION.contentMin);
  });

  it('loads a lazy schema when the form needs it', async () => {
    let loads = 0;
    const loader = async () => {
      loads += 1;
      return blogPostSchema;
    };
    render(<PostForm schema={loader} onValid={() => undefined} />);
    expect(loads).toBe(0);
    await submit();
    expect(loads).toBe(1);
    expect(messageOf('Title')).toBe(VALIDATION.titleMin);
  });
});
