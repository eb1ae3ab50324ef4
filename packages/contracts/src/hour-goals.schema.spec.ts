import { describe, expect, it } from '@jest/globals';
import { GOAL_MESSAGES, hourGoalsSchema, hoursFilterQuerySchema } from './hour-goals.schema';

describe('hourGoalsSchema', () => {
  it('accepts district-wide and per-school goals and fills school with null', () => {
    expect(
      hourGoalsSchema.parse([
        { grade: 12, hours: 40, dueDate: '2027-05-01' },
        { grade: 12, school: 'Jesuit High School', hours: 20.5, dueDate: '2027-05-01' },
      ]),
    ).toEqual([
      { grade: 12, school: null, hours: 40, dueDate: '2027-05-01' },
      { grade: 12, school: 'Jesuit High School', hours: 20.5, dueDate: '2027-05-01' },
    ]);
  });

  it('refuses a second goal for the same grade and school', () => {
    const result = hourGoalsSchema.safeParse([
      { grade: 12, hours: 40, dueDate: '2027-05-01' },
      { grade: 12, school: null, hours: 30, dueDate: '2027-05-01' },
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(GOAL_MESSAGES.duplicate);
  });

  it('takes numbers as numbers (issue 29)', () => {
    const result = hourGoalsSchema.safeParse([{ grade: '12', hours: '20', dueDate: '2027-05-01' }]);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['0.grade', '0.hours']);
  });

  it.each(['2027-02-29', '2027-13-01', '05/01/2027', '1899-12-31', '2027-05-01T00:00:00Z'])(
    'refuses the date %s',
    (dueDate) => {
      expect(hourGoalsSchema.safeParse([{ grade: 12, hours: 40, dueDate }]).success).toBe(false);
    },
  );
});

describe('hoursFilterQuerySchema', () => {
  it('reads the screen filters from a query string', () => {
    expect(
      hoursFilterQuerySchema.parse({
        grade: '11',
        behindGoal: 'true',
        from: '2025-01-01',
        status: 'approved',
      }),
    ).toEqual({ grade: 11, behindGoal: true, from: '2025-01-01', status: 'approved' });
  });
});
