import type { Redis } from '@district/service-kit';

// Whether one more mail under `key` stays within `max` an hour (a Redis counter that expires an
// hour after its first mail). The password reset counts per address, the district claim per
// account: nobody floods an inbox through a public form.
export async function withinHourlyMailLimit(
  redis: Redis,
  key: string,
  max: number,
): Promise<boolean> {
  const [[, count]] = ((await redis.multi().incr(key).expire(key, 3600, 'NX').exec()) ?? [
    [null, 0],
  ]) as Array<[Error | null, number]>;
  return count <= max;
}
