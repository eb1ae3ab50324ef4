import { createHmac } from 'node:crypto';
import { checkInWindow } from '@district/contracts';
import { HOTP, Secret } from 'otpauth';

// The rotating check-in code (issue 18): HOTP (RFC 4226, 6 digits) over the number of the
// current 30-second window, TOTP-style, with a key of its own per opportunity derived from the
// service's secret, so a code shown at one event is worthless at another.
export const CHECK_IN_PERIOD_SECONDS = 30;
const PERIOD_MS = CHECK_IN_PERIOD_SECONDS * 1000;
const DIGITS = 6;

export class CheckInCodes {
  constructor(private readonly secret: string) {}

  private hotp(opportunityId: number): HOTP {
    const key = createHmac('sha256', this.secret).update(`check-in:${opportunityId}`).digest();
    return new HOTP({ secret: new Secret({ buffer: new Uint8Array(key).buffer }), digits: DIGITS });
  }

  // The code of the window `at` falls in, and when that window ends.
  current(opportunityId: number, at: Date): { code: string; expiresAt: Date } {
    const counter = Math.floor(at.getTime() / PERIOD_MS);
    return {
      code: this.hotp(opportunityId).generate({ counter }),
      expiresAt: new Date((counter + 1) * PERIOD_MS),
    };
  }

  // The code of the current window or of the one before it (a code scanned just before it
  // rotated still works); never a future one.
  verify(opportunityId: number, code: string, at: Date): boolean {
    const counter = Math.floor(at.getTime() / PERIOD_MS);
    // delta: the matching window minus the current one (-1, 0 or +1 with window 1).
    const delta = this.hotp(opportunityId).validate({ token: code, counter, window: 1 });
    return delta === 0 || delta === -1;
  }
}

// Check-in is open from an hour before the event starts until an hour after it ends (the window
// is in packages/contracts: the admin's code tab says when it opens).
export function checkInOpen(startsAt: Date, endsAt: Date, at: Date): boolean {
  const { opensAt, closesAt } = checkInWindow(startsAt, endsAt);
  return at >= opensAt && at <= closesAt;
}

// The event's duration in hours, rounded to the nearest half hour, at least half an hour.
export function eventHours(startsAt: Date, endsAt: Date): number {
  const hours = (endsAt.getTime() - startsAt.getTime()) / 3_600_000;
  return Math.max(0.5, Math.round(hours * 2) / 2);
}
