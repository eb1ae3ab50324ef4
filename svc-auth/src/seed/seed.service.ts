import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  LOGGER,
  OutboxService,
  SERVICE_CONFIG,
  withTransaction,
  type Logger,
} from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { PasswordHasher } from '../users/password-hasher.service';
import { toUserEventPayload } from '../users/user-view';
import { UsersRepository, type NewUser } from '../users/users.repository';

// Staff accounts are not students of one school: they sit outside the registry and so group under
// "Other" in the directory, at the top grade so numeric sorting stays valid.
const STAFF_SCHOOL = 'District Office';
const STAFF_GRADE = 12;

export interface SeedAccount {
  username: string;
  password: string;
  email: string | undefined;
  name: string;
  isAdmin: boolean;
  isSupervisor: boolean;
}

export function seedAccountsFrom(config: AuthConfig): SeedAccount[] {
  const accounts: SeedAccount[] = [];
  if (config.SEED_ADMIN_USERNAME && config.SEED_ADMIN_PASSWORD) {
    accounts.push({
      username: config.SEED_ADMIN_USERNAME,
      password: config.SEED_ADMIN_PASSWORD,
      email: config.SEED_ADMIN_EMAIL,
      name: 'District Admin',
      isAdmin: true,
      isSupervisor: false,
    });
  }
  if (config.SEED_SUPERVISOR_USERNAME && config.SEED_SUPERVISOR_PASSWORD) {
    accounts.push({
      username: config.SEED_SUPERVISOR_USERNAME,
      password: config.SEED_SUPERVISOR_PASSWORD,
      email: config.SEED_SUPERVISOR_EMAIL,
      name: 'District Supervisor',
      isAdmin: false,
      isSupervisor: true,
    });
  }
  return accounts;
}

// A fresh installation gets its first admin and supervisor from SEED_* variables; once any user
// exists this does nothing, so restarts and several replicas starting together are safe.
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const created = await this.seed(seedAccountsFrom(this.config));
    if (created.length > 0) this.logger.info({ usernames: created }, 'seeded staff accounts');
  }

  async seed(accounts: SeedAccount[]): Promise<string[]> {
    if (accounts.length === 0) return [];
    if ((await this.users.count()) > 0) return [];
    const prepared: NewUser[] = await Promise.all(
      accounts.map(async (a) => ({
        username: a.username,
        passwordHash: await this.hasher.hash(a.password),
        name: a.name,
        email:
          a.email ?? `${a.username.toLowerCase().replace(/[^a-z0-9._-]/g, '')}@district.invalid`,
        school: STAFF_SCHOOL,
        grade: STAFF_GRADE,
        serviceHours: 0,
        isAdmin: a.isAdmin,
        isSupervisor: a.isSupervisor,
      })),
    );
    return withTransaction(this.dataSource, async (manager) => {
      // Serialises concurrent starters; the second one then sees a non-empty table.
      await this.users.lockSeeding(manager);
      if ((await this.users.count(manager)) > 0) return [];
      const created: string[] = [];
      for (const account of prepared) {
        const user = await this.users.insert(manager, account);
        await this.outbox.add(manager, 'user.registered', toUserEventPayload(user, true));
        created.push(user.username);
      }
      return created;
    });
  }
}
