import { describe, expect, it } from '@jest/globals';
import { PasswordHasher } from './password-hasher.service';

// The real argon2id: the hasher is the thing under test.
describe(PasswordHasher.name, () => {
  const sut = new PasswordHasher();

  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await sut.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await sut.verify(hash, 'correct horse battery')).toBe(true);
    expect(await sut.verify(hash, 'correct horse batter')).toBe(false);
  });

  it('reads no stored hash (a district sign-in account) and a malformed one as a wrong password', async () => {
    expect(await sut.verify(null, 'anything')).toBe(false);
    expect(await sut.verify('not-an-argon2-hash', 'anything')).toBe(false);
  });
});
