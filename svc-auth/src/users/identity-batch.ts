import type { Identity } from '@district/service-kit';

interface Waiting {
  id: number;
  resolve: (identity: Identity | null) => void;
  reject: (error: unknown) => void;
}

// Reads the identities of the given ids in one statement; ids with no row are missing.
export type IdentityLoader = (ids: number[]) => Promise<Map<number, Identity>>;

// The roles of every gateway check that arrives in one event-loop turn, read from PostgreSQL in
// one statement. Each check still reads the roles as they are at that moment; under load the
// checks come many per turn, and on this machine a round trip to PostgreSQL (a socket write that
// wakes another process) costs more than the query itself (docs/decisions.md "Hot paths").
export class IdentityBatch {
  private waiting: Waiting[] = [];

  constructor(private readonly load: IdentityLoader) {}

  find(id: number): Promise<Identity | null> {
    return new Promise((resolve, reject) => {
      // setImmediate: after every socket this turn has read, not only this request's callbacks.
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ id, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const byId = await this.load([...new Set(batch.map((w) => w.id))]);
      for (const w of batch) w.resolve(byId.get(w.id) ?? null);
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
