import { describe, expect, it } from '@jest/globals';
import * as contracts from './index';

describe('constants and messages', () => {
  it('match SPEC §9', () => {
    expect([contracts.GRADE_MIN, contracts.GRADE_MAX]).toEqual([6, 12]);
    expect([
      contracts.HOURS_MIN,
      contracts.HOURS_MAX,
      contracts.HOURS_STEP,
      contracts.HOURS_DEFAULT,
    ]).toEqual([0.5, 24, 0.5, 1]);
    expect(contracts.AVATAR_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(contracts.NOTIFICATION_POLL_INTERVAL_MS).toBe(30000);
    expect([
      contracts.TOAST_LIMIT,
      contracts.TOAST_DURATION_MS,
      contracts.TOAST_SWIPE_THRESHOLD_PX,
    ]).toEqual([1, 5000, 50]);
    expect(contracts.MAX_JSON_BODY_BYTES).toBe(1024 * 1024);
  });

  it('format the notification toast and backup file name', () => {
    expect(contracts.NOTIFICATION_TOAST.description('Food drive', 'Kenner')).toBe(
      'Food drive - Kenner',
    );
    expect(contracts.usersBackupFileName(new Date('2025-03-04T12:00:00Z'))).toBe(
      'users-backup-2025-03-04.json',
    );
  });

  it('keep the exact spec wording', () => {
    expect(
      contracts.EMPTY_TEXTS.activeOpportunities +
        contracts.EMPTY_TEXTS.activeOpportunitiesAdminSuffix,
    ).toBe('No active opportunities available yet. Create one to get started!');
    expect(contracts.SCREEN_TEXTS.notFoundTitle).toBe('404 Page Not Found');
    expect(contracts.VALIDATION.passwordsDontMatch).toBe("Passwords don't match");
  });
});
