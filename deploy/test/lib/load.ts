// Steady requests through the gateway while something restarts: every answer is classified, and
// a request that gets no answer within the timeout counts as a hang.
export interface LoadSummary {
  total: number;
  ok: number;
  // 502/503/504 with the gateway's JSON error body: the clear answer we want while a service is away
  jsonErrors: number;
  // anything else that is not 2xx (wrong status, HTML, a body that is not the error shape)
  otherErrors: number;
  hangs: number;
  maxMs: number;
  statuses: Record<string, number>;
  // ok after the last failure: the service answers again
  recovered: boolean;
  firstFailureAt?: number;
  lastFailureAt?: number;
}

export interface LoadRunner {
  stop(): Promise<LoadSummary>;
}

export function startLoad(options: {
  url: string;
  cookie: string;
  concurrency?: number;
  timeoutMs?: number;
  pauseMs?: number;
}): LoadRunner {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const summary: LoadSummary = {
    total: 0,
    ok: 0,
    jsonErrors: 0,
    otherErrors: 0,
    hangs: 0,
    maxMs: 0,
    statuses: {},
    recovered: true,
  };
  let running = true;
  const started = Date.now();

  const one = async () => {
    const t0 = Date.now();
    let status = 'hang';
    try {
      const response = await fetch(options.url, {
        headers: { cookie: options.cookie, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      status = String(response.status);
      if (response.ok) {
        summary.ok += 1;
        if (summary.firstFailureAt !== undefined) summary.recovered = true;
      } else {
        let body: { statusCode?: unknown; message?: unknown } = {};
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          // not JSON
        }
        const clear =
          [502, 503, 504].includes(response.status) &&
          body.statusCode === response.status &&
          typeof body.message === 'string';
        if (clear) summary.jsonErrors += 1;
        else summary.otherErrors += 1;
        failed(t0);
      }
    } catch {
      summary.hangs += 1;
      failed(t0);
    }
    summary.total += 1;
    summary.statuses[status] = (summary.statuses[status] ?? 0) + 1;
    summary.maxMs = Math.max(summary.maxMs, Date.now() - t0);
  };
  const failed = (t0: number) => {
    const at = t0 - started;
    summary.firstFailureAt ??= at;
    summary.lastFailureAt = at;
    summary.recovered = false;
  };

  const workers = Array.from({ length: options.concurrency ?? 4 }, async () => {
    while (running) {
      await one();
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  });

  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return summary;
    },
  };
}

export function describeLoad(summary: LoadSummary): string {
  const failures = summary.total - summary.ok;
  const window =
    summary.firstFailureAt === undefined
      ? ''
      : `, failures between ${(summary.firstFailureAt / 1000).toFixed(1)} s and ${((summary.lastFailureAt ?? 0) / 1000).toFixed(1)} s`;
  return `${summary.total} requests: ${summary.ok} ok, ${failures} failed (${summary.jsonErrors} clear 502/503/504 JSON, ${summary.otherErrors} other, ${summary.hangs} hangs), slowest ${summary.maxMs} ms${window}; statuses ${JSON.stringify(summary.statuses)}`;
}
