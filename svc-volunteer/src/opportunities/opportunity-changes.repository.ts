import { Injectable } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { schemaOf } from '@district/service-kit';
import { opportunitiesChannel } from './opportunities-channel.constant';

export interface OpportunityChangesListener {
  close(): Promise<void>;
}

export interface OpportunityChangesHandlers {
  // After every committed change of an opportunity (a trigger NOTIFYs at commit).
  changed(): void;
  // The connection broke; no further `changed` calls come from this listener.
  lost(error?: Error): void;
}

// The LISTEN side of the opportunities channel: one dedicated connection outside the pool (a
// pooled connection would lose its LISTEN when returned).
@Injectable()
export class OpportunityChangesRepository {
  constructor(private readonly dataSource: DataSource) {}

  // Undefined when the data source has no URL to open a second connection with.
  async listen(
    handlers: OpportunityChangesHandlers,
  ): Promise<OpportunityChangesListener | undefined> {
    const url = (this.dataSource.options as { url?: string }).url;
    if (!url) return undefined;
    const client = new Client({ connectionString: url });
    let lost = false;
    const drop = (error?: Error) => {
      if (lost) return;
      lost = true;
      void client.end().catch(() => undefined);
      handlers.lost(error);
    };
    client.on('notification', () => handlers.changed());
    client.on('error', (error: Error) => drop(error));
    client.on('end', () => drop());
    try {
      await client.connect();
      // raw SQL: LISTEN has no TypeORM form, and must run on this dedicated connection.
      await client.query(`LISTEN "${opportunitiesChannel(schemaOf(this.dataSource))}"`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    return {
      close: async () => {
        lost = true;
        await client.end().catch(() => undefined);
      },
    };
  }
}
