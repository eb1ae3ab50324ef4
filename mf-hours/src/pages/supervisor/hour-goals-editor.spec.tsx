import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HourGoal } from '@district/contracts';
import { queryClient } from '@district/ui';
import {
  json,
  loadLazyKitParts,
  routeRelativeFetchTo,
  startTestServer,
  type TestServer,
} from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { inSpanish, loadHoursCatalogue, renderInLanguage } from '../../testing/i18n';
import HourGoalsEditor from './hour-goals-editor';

const SCHOOL = 'Jesuit High School';
let server: TestServer;
let restoreFetch: () => void;
let stored: HourGoal[] = [];
// What the next PUT answers instead of storing (a validation failure).
let refusal: { status: number; body: unknown } | null = null;
let putLanguage: string | undefined;

beforeAll(async () => {
  await Promise.all([loadHoursCatalogue(), loadLazyKitParts()]);
  server = await startTestServer({
    'GET /api/hour-goals': (_req, res) => json(res, 200, stored),
    'PUT /api/hour-goals': (req, res, body) => {
      putLanguage = req.headers['accept-language'];
      if (refusal) return json(res, refusal.status, refusal.body);
      // Like the server's schema: numbers coerced, the set replaced.
      const goals = JSON.parse(body) as Array<Record<string, unknown>>;
      stored = goals.map((g) => ({
        grade: Number(g.grade),
        school: (g.school as HourGoal['school']) ?? null,
        hours: Number(g.hours),
        dueDate: String(g.dueDate),
      }));
      json(res, 200, stored);
    },
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  stored = [
    { grade: 9, school: null, hours: 20, dueDate: '2026-05-29' },
    { grade: 10, school: SCHOOL, hours: 40, dueDate: '2026-05-29' },
  ];
  refusal = null;
  server.requests.length = 0;
  queryClient.clear();
});

afterEach(cleanup);

const puts = () => server.requests.filter((r) => r.method === 'PUT');
const goal = (n: number) => screen.getByRole('group', { name: `Goal ${n}` });

describe('HourGoalsEditor (issue 19, admins)', () => {
  it('lists the stored goals, adds one and saves the whole set', async () => {
    renderInLanguage(<HourGoalsEditor />);
    expect(await screen.findByRole('group', { name: 'Goal 2' })).toBeTruthy();
    expect((within(goal(1)).getByLabelText('Hours') as HTMLInputElement).value).toBe('20');
    expect((within(goal(2)).getByLabelText('Due date') as HTMLInputElement).value).toBe(
      '2026-05-29',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    const added = goal(3);
    fireEvent.change(within(added).getByLabelText('Hours'), { target: { value: '12.5' } });
    fireEvent.change(within(added).getByLabelText('Due date'), {
      target: { value: '2026-06-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save goals' }));

    expect(await screen.findByText('Goals saved.')).toBeTruthy();
    // Numbers as numbers: the body takes no "20" (issue 29).
    expect(JSON.parse(puts()[0].body)).toEqual([
      { grade: 9, school: null, hours: 20, dueDate: '2026-05-29' },
      { grade: 10, school: SCHOOL, hours: 40, dueDate: '2026-05-29' },
      // A new row starts as the lowest grade, district-wide.
      { grade: 6, school: null, hours: 12.5, dueDate: '2026-06-01' },
    ]);
    expect(stored).toHaveLength(3);
  });

  it('removes a goal from the keyboard and leaves focus on "Add goal"', async () => {
    renderInLanguage(<HourGoalsEditor />);
    const remove = await screen.findByRole('button', { name: 'Remove goal 1' });
    remove.focus();
    fireEvent.click(remove);
    expect(screen.queryByRole('group', { name: 'Goal 2' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add goal' }));
    fireEvent.submit(screen.getByRole('button', { name: 'Save goals' }).closest('form')!);
    await screen.findByText('Goals saved.');
    expect(JSON.parse(puts()[0].body)).toEqual([
      { grade: 10, school: SCHOOL, hours: 40, dueDate: '2026-05-29' },
    ]);
  });

  it('shows the server’s field errors beside the field and moves focus to the first', async () => {
    refusal = {
      status: 400,
      body: {
        statusCode: 400,
        message: 'Goal hours must be at least 0.5',
        errors: [
          { path: '1.hours', message: 'Goal hours must be at least 0.5' },
          { path: '1.school', message: 'Only one goal per grade and school' },
        ],
      },
    };
    renderInLanguage(<HourGoalsEditor />);
    await screen.findByRole('group', { name: 'Goal 2' });
    fireEvent.change(within(goal(2)).getByLabelText('Hours'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save goals' }));

    expect(
      await screen.findByText('The goals were not saved: fix the 2 fields marked below.'),
    ).toBeTruthy();
    const hours = within(goal(2)).getByLabelText('Hours');
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(hours.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Goal hours must be at least 0.5');
    expect(within(goal(2)).getByText('Only one goal per grade and school')).toBeTruthy();
    // The first goal is fine: no message there.
    expect(within(goal(1)).queryByText(/must be/)).toBeNull();
    // Focus order: school comes before hours in the row.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(goal(2)).getByLabelText('School')),
    );

    // Typing in the field clears its message.
    fireEvent.change(hours, { target: { value: '5' } });
    expect(within(goal(2)).queryByText('Goal hours must be at least 0.5')).toBeNull();
  });

  it('speaks Spanish, and asks the server for its messages in Spanish', async () => {
    refusal = {
      status: 400,
      body: {
        statusCode: 400,
        message: 'Las horas de la meta deben ser al menos 0.5',
        errors: [{ path: '0.hours', message: 'Las horas de la meta deben ser al menos 0.5' }],
      },
    };
    await inSpanish(async () => {
      renderInLanguage(<HourGoalsEditor />);
      expect(await screen.findByRole('heading', { name: 'Metas de horas' })).toBeTruthy();
      const first = await screen.findByRole('group', { name: 'Meta 1' });
      expect(within(first).getByLabelText('Fecha límite')).toBeTruthy();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Guardar metas' }));
      });
      expect(
        await screen.findByText('No se guardaron las metas: corrige el campo marcado abajo.'),
      ).toBeTruthy();
      expect(within(first).getByText('Las horas de la meta deben ser al menos 0.5')).toBeTruthy();
    });
    // The server words its messages in the language the request names.
    expect(putLanguage).toBe('es');
  });
});
