// The one percentile every benchmark reports with: nearest rank over an ascending array.
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

// "p50 1.1 ms, p99 6.5 ms, max 18.2 ms" of ascending latencies.
export function latencySummary(sorted: number[]): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(percentile(sorted, 100))}`;
}
