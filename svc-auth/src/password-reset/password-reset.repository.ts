import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import { PasswordResetToken } from './password-reset-token.entity';

// Reset tokens: stored as hashes, valid for a while, spent once. Every time is the database's
// clock (now()), so issuing and checking never disagree about expiry.
@Injectable()
export class PasswordResetRepository {
  constructor(
    @InjectRepository(PasswordResetToken) private readonly repo: Repository<PasswordResetToken>,
  ) {}

  async insertToken(userId: number, tokenHash: string, ttlMs: number): Promise<void> {
    await this.repo
      .createQueryBuilder()
      .insert()
      .values({ userId, tokenHash, expiresAt: () => `now() + :ttlMs * interval '1 millisecond'` })
      .setParameter('ttlMs', ttlMs)
      .execute();
  }

  // Marks a live token used; returns its account, or undefined if unknown, spent or expired.
  async spendToken(manager: EntityManager, tokenHash: string): Promise<number | undefined> {
    const result = await manager
      .createQueryBuilder()
      .update(PasswordResetToken)
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :tokenHash AND used_at IS NULL AND expires_at > now()', { tokenHash })
      .returning(['userId'])
      .execute();
    return (result.raw as Array<{ user_id: number }>)[0]?.user_id;
  }

  async spendAllForUser(manager: EntityManager, userId: number): Promise<void> {
    await manager.update(
      PasswordResetToken,
      { userId, usedAt: IsNull() },
      { usedAt: () => 'now()' },
    );
  }
}
