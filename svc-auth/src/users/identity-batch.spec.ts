import { describe, expect, it } from '@jest/globals';
import type { Identity } from '@district/service-kit';
import { IdentityBatch } from './identity-batch';

// A stand-in for the repository's one-statement read (the collaborator); the batching is real.
function loaderAnswering(identities: Identity[] | Error) {
  const calls: number[][] = [];
  const batch = new IdentityBatch((ids) => {
    calls.push(ids);
    if (identities instanceof Error) return Promise.reject(identities);
    return Promise.resolve(
      new Map(identities.filter((i) => ids.includes(i.id)).map((i) => [i.id, i])),
    );
  });
  return { batch, calls };
}

describe('IdentityBatch', () => {
  it('answers every check of one turn with its own user from one statement', async () => {
    const { batch, calls } = loaderAnswering([
      { id: 1, isAdmin: true, isSupervisor: false },
      { id: 2, isAdmin: false, isSupervisor: true },
    ]);
    const answers = await Promise.all([batch.find(2), batch.find(1), batch.find(9), batch.find(2)]);
    expect(answers).toEqual([
      { id: 2, isAdmin: false, isSupervisor: true },
      { id: 1, isAdmin: true, isSupervisor: false },
      null, // deleted or unknown: no identity
      { id: 2, isAdmin: false, isSupervisor: true },
    ]);
    expect(calls).toEqual([[2, 1, 9]]);
  });

  it('reads again on the next turn instead of reusing an earlier answer', async () => {
    const { batch, calls } = loaderAnswering([{ id: 1, isAdmin: false, isSupervisor: false }]);
    await batch.find(1);
    await batch.find(1);
    expect(calls).toHaveLength(2);
  });

  it('fails every waiting check when the statement fails', async () => {
    const { batch } = loaderAnswering(new Error('connection lost'));
    const results = await Promise.allSettled([batch.find(1), batch.find(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
