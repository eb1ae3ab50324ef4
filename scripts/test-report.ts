// Reading jest's and Playwright's JSON reports into one count, and the closing line CI reads.
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

// jest --json; only these fields are read.
export interface JestJson {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: Array<{
    name?: string;
    status?: string;
    // Epoch milliseconds.
    startTime?: number;
    endTime?: number;
    message?: string;
    assertionResults?: Array<{ status?: string }>;
  }>;
}

export interface PlaywrightJson {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: Array<{ message?: string }>;
}

export function countJest(report: JestJson): Counts {
  let failed = report.numFailedTests ?? 0;
  // A file that failed to load has no failing test inside it but must still count.
  for (const file of report.testResults ?? []) {
    const failedInside = (file.assertionResults ?? []).some((a) => a.status === 'failed');
    if (file.status === 'failed' && !failedInside) failed += 1;
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

export function countPlaywright(report: PlaywrightJson): Counts {
  const stats = report.stats ?? {};
  // Global setup/teardown errors fail the run without failing a test.
  const setupErrors = (report.errors ?? []).length;
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + setupErrors,
    skipped: stats.skipped ?? 0,
  };
}

export function summaryLine(total: Counts): string {
  return `${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`;
}
