import type { BeforeApplicationShutdown } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';
import { settleWithin } from '../redis/redis';

interface HasBackend {
  getBackend(): { client: Promise<unknown> };
}

// Whether a BullMQ queue's or worker's Redis connection is up right now. Its client promise only
// settles once connected, and commands on it wait for Redis to come back, so it is never awaited
// for long.
export async function bullConnected(instance: HasBackend): Promise<boolean> {
  const client = await Promise.race([
    instance.getBackend().client.catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 50)),
  ]);
  return (client as { status?: string } | undefined)?.status === 'ready';
}

// WorkerHost whose shutdown cannot hang: BullMQ's graceful close waits for the job in hand, and
// with Redis gone it waits forever. Then the worker is closed at once; a job it held is redelivered
// by the stalled check elsewhere, as after a crash.
export abstract class ClosingWorkerHost extends WorkerHost implements BeforeApplicationShutdown {
  async beforeApplicationShutdown(): Promise<void> {
    const force = !(await bullConnected(this.worker));
    await settleWithin(this.worker.close(force), 10_000);
  }
}
