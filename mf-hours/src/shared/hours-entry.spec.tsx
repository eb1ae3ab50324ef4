import type { ServiceHoursLog } from '@district/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { inSpanish, loadHoursCatalogue, renderInLanguage as render } from '../testing/i18n';
import { HoursEntry } from './hours-entry';

beforeAll(loadHoursCatalogue);
afterEach(cleanup);

const entry = (overrides: Partial<ServiceHoursLog> = {}): ServiceHoursLog => ({
  id: 1,
  userId: 3,
  opportunityId: 9,
  hours: 2.5,
  description: 'River Cleanup',
  date: '2026-03-14',
  status: 'approved',
  approvedBy: 1,
  submittedAt: '2026-03-14T18:00:00.000Z',
  userName: 'Stella Student',
  schoolName: 'Jesuit High School',
  source: 'manual',
  confirmation: null,
  possibleDuplicateOf: null,
  rejectionReason: null,
  ...overrides,
});

describe('HoursEntry (issue 18)', () => {
  it('says how an attendance entry was approved, with the event name', () => {
    render(<HoursEntry entry={entry({ source: 'roster' })} />);
    expect(screen.getByText('River Cleanup')).toBeTruthy();
    expect(screen.getByText('Approved (attendance)')).toBeTruthy();
    cleanup();
    render(<HoursEntry entry={entry({ source: 'check-in', approvedBy: null })} />);
    expect(screen.getByText('Checked in')).toBeTruthy();
    cleanup();
    render(<HoursEntry entry={entry()} />);
    expect(screen.getByText('Approved')).toBeTruthy();
  });

  it('flags a possible duplicate to the supervisor only', () => {
    const duplicate = entry({ status: 'pending', approvedBy: null, possibleDuplicateOf: 7 });
    render(<HoursEntry entry={duplicate} showStudent />);
    expect(screen.getByText('Possible duplicate')).toBeTruthy();
    cleanup();
    render(<HoursEntry entry={duplicate} />);
    expect(screen.queryByText('Possible duplicate')).toBeNull();
  });

  it('speaks Spanish to a Spanish-speaking supervisor', async () => {
    await inSpanish(() => {
      const duplicate = entry({ status: 'pending', approvedBy: null, possibleDuplicateOf: 7 });
      render(<HoursEntry entry={duplicate} showStudent />);
      expect(screen.getByText('Posible duplicado')).toBeTruthy();
      expect(screen.getByText('Pendiente')).toBeTruthy();
      expect(screen.getByText('2,5 horas')).toBeTruthy();
      expect(screen.getByText('14 mar 2026')).toBeTruthy();
    });
  });

  it("shows a rejection's reason, the next step only to the student, and a corrected entry's old reason (issue 33)", () => {
    const rejected = entry({ status: 'rejected', rejectionReason: 'Missing details' });
    render(<HoursEntry entry={rejected} showStudent />);
    expect(screen.getByText('Reason: Missing details')).toBeTruthy();
    expect(screen.queryByText(/What to do next/)).toBeNull();
    cleanup();

    render(<HoursEntry entry={rejected} />);
    expect(screen.getByText(/What to do next: correct the entry/)).toBeTruthy();
    cleanup();

    render(<HoursEntry entry={{ ...rejected, status: 'pending', approvedBy: null }} />);
    expect(screen.getByText('Sent again after a rejection: “Missing details”')).toBeTruthy();
    expect(screen.queryByText(/What to do next/)).toBeNull();
  });
});
