import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { JoinCode } from './join-code.entity';

export interface NewJoinCode {
  code: string;
  school: string;
  uses: number;
  expiresAt: Date;
  createdBy: number;
}

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class JoinCodesRepository {
  constructor(private readonly dataSource: DataSource) {}

  // null when the code is already taken (the unique index decides; the caller draws another).
  async insert(manager: EntityManager, code: NewJoinCode): Promise<number | null> {
    try {
      const result = await manager
        .createQueryBuilder()
        .insert()
        .into(JoinCode)
        .values(code)
        .returning(['id'])
        .execute();
      return (result.raw as Array<{ id: number }>)[0].id;
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION)
        return null;
      throw error;
    }
  }

  // Newest first; one school's when `school` is given.
  list(school?: string): Promise<JoinCode[]> {
    return this.dataSource.manager.find(JoinCode, {
      where: school === undefined ? {} : { school },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  find(manager: EntityManager, id: number): Promise<JoinCode | null> {
    return manager.findOne(JoinCode, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async revoke(manager: EntityManager, id: number): Promise<void> {
    await manager.update(JoinCode, { id }, { revokedAt: () => 'now()' });
  }

  // One use of a usable code, in the registration's transaction: the row lock makes racing
  // registrations queue, and each re-checks the WHERE on the row the previous one committed, so
  // `used` never passes `uses`. Answers the code's school, or null (unknown, expired, revoked,
  // used up).
  async takeUse(manager: EntityManager, code: string): Promise<string | null> {
    const result = await manager
      .createQueryBuilder()
      .update(JoinCode)
      .set({ used: () => 'used + 1' })
      .where('code = :code', { code })
      .andWhere('revoked_at IS NULL')
      .andWhere('expires_at > now()')
      .andWhere('used < uses')
      .returning(['school'])
      .execute();
    return (result.raw as Array<{ school: string }>)[0]?.school ?? null;
  }
}
