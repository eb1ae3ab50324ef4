// What metrics and trace context add to one request (issue 21), in-process: the work the
// service's request hooks do when METRICS_PORT and TRACING are on (continue or start the trace,
// run the handler inside it, observe the route's latency histogram), timed over many requests.
// The end-to-end benchmarks (`--observability alternate`) vary more between two runs of one mode
// than between the modes on this machine; this gives the cost itself, to set against a request's
// time at saturation.
//
//   node bench/observability-cost.ts [--requests 1000000]
import { performance } from 'node:perf_hooks';
// The kit as the services run it (its built dist: `npm run build`).
import { continueTrace, runInTrace, ServiceMetrics } from '@district/service-kit';

const index = process.argv.indexOf('--requests');
const requests = index >= 0 ? Number(process.argv[index + 1]) : 1_000_000;
const metrics = new ServiceMetrics('bench');
const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const routes = ['/api/user', '/api/opportunities', '/api/opportunities/:id/signup'];
let sink = 0;
const handler = () => {
  sink++;
};

function time(label: string, perRequest: (i: number) => void): number {
  for (let i = 0; i < 100_000; i++) perRequest(i); // warm-up: compiled before it is timed
  const started = performance.now();
  for (let i = 0; i < requests; i++) perRequest(i);
  const ns = ((performance.now() - started) * 1e6) / requests;
  console.log(`  ${label.padEnd(58)} ${ns.toFixed(0).padStart(5)} ns`);
  return ns;
}

console.log(`per request, mean over ${requests.toLocaleString('en-US')} requests:`);
const base = time('off: the handler alone', () => handler());
const trace = time('trace context (traceparent from the gateway, run inside it)', () =>
  runInTrace(continueTrace(traceparent, 'req-1'), handler),
);
const fresh = time('trace context (no traceparent: new trace id)', () =>
  runInTrace(continueTrace(undefined, undefined), handler),
);
const observe = time('metrics: the route latency histogram', (i) => {
  handler();
  metrics.observeRequest('GET', routes[i % 3], 200, 0.004);
});
const both = time('on: trace context + histogram', (i) => {
  runInTrace(continueTrace(traceparent, 'req-1'), handler);
  metrics.observeRequest('GET', routes[i % 3], 200, 0.004);
});
console.log(
  `added by "on": ${(both - base).toFixed(0)} ns a request (trace ${(trace - base).toFixed(0)} ns, new trace id ${(fresh - base).toFixed(0)} ns, histogram ${(observe - base).toFixed(0)} ns)`,
);
if (sink === 0) console.log('(nothing ran)');
