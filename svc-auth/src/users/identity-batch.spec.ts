import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { IdentityBatch } from './identity-batch';

interface Row {
  id: number;
  is_admin: boolean;
  is_supervisor: boolean;
}

// A stand-in for the pg pool (the collaborator); the batching and the answer mapping are real.
function poolAnswering(rows: Row[] | Error) {
  const statements: Array<{ text: string; values: unknown[] }> = [];
  const pool = {
    query: (config: { text: string; values: unknown[] }) => {
      statements.push(config);
      if (rows instanceof Error) return Promise.reject(rows);
      const ids = config.values[0] as number[];
      return Promise.resolve({ rows: rows.filter((row) => ids.includes(row.id)) });
    },
  };
  const dataSource = { driver: { master: pool } } as unknown as DataSource;
  return { batch: new IdentityBatch(dataSource, '"auth"."users"'), statements };
}

describe('IdentityBatch', () => {
  it('answers every check of one turn with its own user from one statement', async () => {
    const { batch, statements } = poolAnswering([
      { id: 1, is_admin: true, is_supervisor: false },
      { id: 2, is_admin: false, is_supervisor: true },
    ]);
    const answers = await Promise.all([batch.find(2), batch.find(1), batch.find(9), batch.find(2)]);
    expect(answers).toEqual([
      { id: 2, isAdmin: false, isSupervisor: true },
      { id: 1, isAdmin: true, isSupervisor: false },
      null, // deleted or unknown: no identity
      { id: 2, isAdmin: false, isSupervisor: true },
    ]);
    expect(statements).toHaveLength(1);
    expect(statements[0]?.values).toEqual([[2, 1, 9]]);
  });

  it('reads again on the next turn instead of reusing an earlier answer', async () => {
    const { batch, statements } = poolAnswering([{ id: 1, is_admin: false, is_supervisor: false }]);
    await batch.find(1);
    await batch.find(1);
    expect(statements).toHaveLength(2);
  });

  it('fails every waiting check when the statement fails', async () => {
    const { batch } = poolAnswering(new Error('connection lost'));
    const results = await Promise.allSettled([batch.find(1), batch.find(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
