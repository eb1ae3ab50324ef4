import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { User } from '../users/user.entity';
import { DistrictClaimToken } from './district-claim-token.entity';
import { DistrictIdentity } from './district-identity.entity';

// An account district sign-in may meet by its e-mail address.
export interface AccountByEmail {
  id: number;
  username: string;
  email: string;
  hasPassword: boolean;
}

// Every query of district sign-in (issue 31).
@Injectable()
export class DistrictIdentitiesRepository {
  constructor(
    @InjectRepository(DistrictIdentity) private readonly repo: Repository<DistrictIdentity>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(DistrictClaimToken) private readonly claims: Repository<DistrictClaimToken>,
  ) {}

  async findUserId(
    issuer: string,
    subject: string,
    manager?: EntityManager,
  ): Promise<number | null> {
    const row = await (manager ? manager.getRepository(DistrictIdentity) : this.repo).findOne({
      where: { issuer, subject },
      select: { userId: true },
    });
    return row?.userId ?? null;
  }

  // Accounts with this address (case-insensitive), oldest first. The password hash is read only
  // to say whether there is one.
  async findAccountsByEmail(email: string): Promise<AccountByEmail[]> {
    const rows = await this.users
      .createQueryBuilder('u')
      .select(['u.id', 'u.username', 'u.email'])
      .addSelect('u.password_hash IS NOT NULL', 'has_password')
      .where('lower(u.email) = lower(:email)', { email })
      .orderBy('u.id')
      .getRawMany<{ u_id: number; u_username: string; u_email: string; has_password: boolean }>();
    return rows.map((row) => ({
      id: row.u_id,
      username: row.u_username,
      email: row.u_email,
      hasPassword: row.has_password,
    }));
  }

  // The unique (issuer, subject) key decides: a second link of the same person is a no-op.
  async link(
    manager: EntityManager,
    userId: number,
    issuer: string,
    subject: string,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(DistrictIdentity)
      .values({ userId, issuer, subject })
      .orIgnore()
      .execute();
  }

  // The first of `candidates` no account uses yet (usernames are unique case-insensitively).
  async freeUsername(manager: EntityManager, candidates: string[]): Promise<string | null> {
    const taken = await manager
      .getRepository(User)
      .createQueryBuilder('u')
      .select('lower(u.username)', 'name')
      .where('lower(u.username) IN (:...names)', { names: candidates.map((c) => c.toLowerCase()) })
      .getRawMany<{ name: string }>();
    const used = new Set(taken.map((row) => row.name));
    return candidates.find((c) => !used.has(c.toLowerCase())) ?? null;
  }

  // A claim link (hashed), valid for ttlMinutes by the database's clock.
  async insertClaimToken(
    claim: { userId: number; issuer: string; subject: string; tokenHash: string },
    ttlMinutes: number,
  ): Promise<void> {
    await this.claims
      .createQueryBuilder()
      .insert()
      .values({ ...claim, expiresAt: () => `now() + :ttl * interval '1 minute'` })
      .setParameter('ttl', ttlMinutes)
      .execute();
  }

  // Spends a live claim link: its account and district identity, or undefined when unknown,
  // spent or expired. Every other live link of the account is spent with it.
  async spendClaimToken(
    manager: EntityManager,
    tokenHash: string,
  ): Promise<{ userId: number; issuer: string; subject: string } | undefined> {
    const result = await manager
      .createQueryBuilder()
      .update(DistrictClaimToken)
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :tokenHash AND used_at IS NULL AND expires_at > now()', { tokenHash })
      .returning(['userId', 'issuer', 'subject'])
      .execute();
    const row = (result.raw as Array<{ user_id: number; issuer: string; subject: string }>)[0];
    if (!row) return undefined;
    await manager.update(
      DistrictClaimToken,
      { userId: row.user_id, usedAt: IsNull() },
      { usedAt: () => 'now()' },
    );
    return { userId: row.user_id, issuer: row.issuer, subject: row.subject };
  }

  // The account belongs to whoever holds the district identity: the password someone set without
  // proving the address is gone.
  async removePassword(manager: EntityManager, userId: number): Promise<void> {
    await manager.update(User, userId, { passwordHash: null });
  }
}
