import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

export const SERVICE_METRICS = Symbol('service-kit:metrics');

// Seconds. Covers the p99 figures of docs (tens of ms) up to the gateway's upstream timeout.
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// Label given to requests Fastify matched to no route: raw paths never become labels (a scanner
// would otherwise make one series per URL it tries).
export const UNMATCHED_ROUTE = 'unmatched';

export interface QueueLike {
  name: string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

type Collect = () => Promise<void> | void;

// One prom-client registry per app (tests run several apps in one process, so never the global
// one). Features ask for their counters here by name; asking twice returns the same metric.
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly queues = new Map<string, QueueLike>();
  private readonly collectors: Collect[] = [];

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service });
    // Heap, GC, event-loop lag, CPU, open handles.
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = this.histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status (count = rate, sum = latency)',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
    });
    const queueJobs = this.gauge({
      name: 'bullmq_jobs',
      help: 'BullMQ jobs per queue and state',
      labelNames: ['queue', 'state'],
    });
    this.collectors.push(async () => {
      queueJobs.reset();
      await Promise.all(
        [...this.queues.values()].map(async (queue) => {
          const counts = await withDeadline(
            queue.getJobCounts('waiting', 'active', 'failed', 'delayed'),
          );
          if (!counts) return;
          for (const [state, value] of Object.entries(counts))
            queueJobs.set({ queue: queue.name, state }, value);
        }),
      );
    });
  }

  counter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
    return (
      (this.registry.getSingleMetric(config.name) as Counter<L> | undefined) ??
      new Counter({ ...config, registers: [this.registry] })
    );
  }

  gauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
    return (
      (this.registry.getSingleMetric(config.name) as Gauge<L> | undefined) ??
      new Gauge({ ...config, registers: [this.registry] })
    );
  }

  histogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
    return (
      (this.registry.getSingleMetric(config.name) as Histogram<L> | undefined) ??
      new Histogram({ ...config, registers: [this.registry] })
    );
  }

  // Queue depths are read from Redis at scrape time.
  trackQueue(queue: QueueLike): void {
    this.queues.set(queue.name, queue);
  }

  // Values read at scrape time (DB pool, outbox backlog). A collector that fails or hangs leaves
  // its gauges out of that scrape instead of failing the whole answer.
  onCollect(collect: Collect): void {
    this.collectors.push(collect);
  }

  observeRequest(method: string, route: string | undefined, status: number, seconds: number) {
    this.httpDuration.observe(
      { method, route: route ?? UNMATCHED_ROUTE, status: String(status) },
      seconds,
    );
  }

  async render(): Promise<string> {
    await Promise.all(
      this.collectors.map((collect) => withDeadline(Promise.resolve().then(collect))),
    );
    return this.registry.metrics();
  }
}

// A scrape answers within Prometheus' timeout even with Redis or PostgreSQL down.
async function withDeadline<T>(promise: Promise<T>, ms = 2_000): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise.catch(() => undefined),
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
