import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~20-40 ms on this class of machine.
const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

@Injectable()
export class PasswordHasher {
  // Verified against when the username does not exist, so a miss costs the same as a wrong password.
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, HASH_OPTIONS);
  }

  // No stored hash (issue 31: an account that signs in with the district's provider): "wrong
  // password", after the same argon2 cost as a real check.
  async verify(hash: string | null, password: string): Promise<boolean> {
    if (hash === null) {
      await this.burn(password);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash must read as "wrong password", not as a server error.
      return false;
    }
  }

  async burn(password: string): Promise<void> {
    this.dummyHash ??= this.hash('not-a-real-password-used-for-timing');
    await this.verify(await this.dummyHash, password);
  }
}
