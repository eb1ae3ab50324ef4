import { describe, expect, it } from '@jest/globals';
import { countPlaywright, countJest, summaryLine } from './test-report.ts';

describe('countJest', () => {
  it('counts passed, failed and skipped (pending + todo) tests', () => {
    expect(
      countJest({ numPassedTests: 7, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1 }),
    ).toEqual({ passed: 7, failed: 2, skipped: 2 });
  });

  it('counts a test file that failed to load as one failure', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
        { status: 'failed', message: 'Cannot find module', assertionResults: [] },
      ],
    };
    expect(countJest(report).failed).toBe(1);
  });
});

describe('countPlaywright', () => {
  it('counts flaky tests as passed and global setup errors as failed', () => {
    const counts = countPlaywright({
      stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 2 },
      errors: [{ message: 'globalSetup threw' }],
    });
    expect(counts).toEqual({ passed: 5, failed: 2, skipped: 2 });
  });
});

describe('summaryLine', () => {
  it('prints the closing line CI reads, with skipped only when there are some', () => {
    expect(summaryLine({ passed: 12, failed: 0, skipped: 0 })).toBe('12 passed, 0 failed');
    expect(summaryLine({ passed: 12, failed: 1, skipped: 3 })).toBe(
      '12 passed, 1 failed, 3 skipped',
    );
  });
});
