import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { User } from '../users/user.entity';
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
  ) {}

  async findUserId(issuer: string, subject: string): Promise<number | null> {
    const row = await this.repo.findOne({ where: { issuer, subject }, select: { userId: true } });
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
}
