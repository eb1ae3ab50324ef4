import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import type { HoursApprovedPayload, Language } from '@district/contracts';
import { poolOf, schemaOf, type Identity } from '@district/service-kit';
import { IdentityBatch } from './identity-batch';
import { User } from './user.entity';
import { HourCredit } from './hour-credit.entity';
import { toUserView, type UserRow, type UserView } from './user-view';

// The properties of a UserView (serviceHours apart: it is computed or cast where it is read),
// and their columns.
const VIEW_PROPERTIES = [
  'id',
  'username',
  'name',
  'email',
  'school',
  'grade',
  'avatarUrl',
  'isAdmin',
  'isSupervisor',
  'directoryVisible',
  'consentStatus',
  'language',
];
const VIEW_COLUMNS = VIEW_PROPERTIES.map((p) => p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

export interface NewUser {
  username: string;
  passwordHash: string | null;
  name: string;
  email: string;
  school: string;
  grade: number;
  serviceHours: number;
  avatarUrl?: string | null;
  isAdmin?: boolean;
  isSupervisor?: boolean;
  // Default true (staff, seeds); registration passes the district policy.
  directoryVisible?: boolean;
  // Issue 20 guardian mode.
  dateOfBirth?: string | null;
  guardianEmail?: string | null;
  consentStatus?: 'pending' | null;
  // Issue 22: default English (staff, seeds); registration passes the request's language.
  language?: Language;
}

export interface Credentials {
  id: number;
  // null: the account has no platform password (district sign-in only).
  passwordHash: string | null;
}

export interface AccountContact {
  id: number;
  username: string;
  name: string;
  email: string;
  // Issue 22: the language their e-mails are written in.
  language: Language;
}

// users and hour_credits. Methods taking an EntityManager run in the caller's transaction.
@Injectable()
export class UsersRepository {
  private readonly users: string;
  private readonly credits: string;
  private readonly identities: IdentityBatch;

  // The CLI runs without Nest, so it builds the repository Nest would inject.
  static over(dataSource: DataSource): UsersRepository {
    return new UsersRepository(dataSource.getRepository(User), dataSource);
  }

  constructor(
    @InjectRepository(User) private readonly repo: Repository<User>,
    private readonly dataSource: DataSource,
  ) {
    const schema = schemaOf(dataSource);
    this.users = `"${schema}"."users"`;
    this.credits = `"${schema}"."hour_credits"`;
    this.identities = new IdentityBatch((ids) => this.loadIdentities(ids));
  }

  // Shown total = hours declared at registration + approved logged hours (DESIGN "Service hours").
  private viewSql(where: string, columns = VIEW_COLUMNS): string {
    return `SELECT ${columns.map((c) => `u.${c}`).join(', ')},
        (u.service_hours + COALESCE((SELECT sum(c.hours) FROM ${this.credits} c WHERE c.user_id = u.id), 0))::text
          AS service_hours
      FROM ${this.users} u WHERE ${where}`;
  }

  // raw SQL: hot path (/api/user, bench/current-user.ts): one primary-key statement with the
  // credits summed in, no entity hydration; outside a transaction it goes straight to the pg pool
  // (TypeORM's query() takes a query runner per call, docs/decisions.md "Hot paths").
  async findView(id: number, manager?: EntityManager): Promise<UserView | null> {
    const sql = this.viewSql('u.id = $1');
    const rows = manager
      ? ((await manager.query(sql, [id])) as UserRow[])
      : (await poolOf(this.dataSource).query<UserRow>(sql, [id])).rows;
    return rows[0] ? toUserView(rows[0]) : null;
  }

  // Issue 31: the view and whether the account is active, for a user.updated event (which must
  // carry the real `active`: a deactivated person changed by an admin stays hidden elsewhere).
  async findForEvent(
    id: number,
    manager: EntityManager,
  ): Promise<{ view: UserView; active: boolean } | null> {
    // raw SQL: findView's statement with the active column.
    const rows = (await manager.query(this.viewSql('u.id = $1', [...VIEW_COLUMNS, 'active']), [
      id,
    ])) as Array<UserRow & { active: boolean }>;
    return rows[0] ? { view: toUserView(rows[0]), active: rows[0].active } : null;
  }

  // Names of these users (deleted ones are absent), for a page of the audit trail.
  async namesOf(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.repo.find({ where: { id: In(ids) }, select: { id: true, name: true } });
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  // Roles are read fresh on every gateway check so a demoted or deleted user loses access at once.
  findIdentity(id: number): Promise<Identity | null> {
    return this.identities.find(id);
  }

  // raw SQL: hot path (GET /internal/auth/verify, bench/current-user.ts): the checks of one turn
  // in one named statement (parsed and planned once per connection), straight to the pg pool.
  private async loadIdentities(ids: number[]): Promise<Map<number, Identity>> {
    const { rows } = await poolOf(this.dataSource).query<{
      id: number;
      is_admin: boolean;
      is_supervisor: boolean;
      name: string;
      school: string;
    }>({
      name: 'auth-identities',
      // Issue 31: a deactivated account has no identity (every service refuses it at once).
      text: `SELECT id, is_admin, is_supervisor, name, school FROM ${this.users} WHERE id = ANY($1::int[]) AND active`,
      values: [ids],
    });
    return new Map(
      rows.map((row) => [
        row.id,
        // Name and school ride along from the same row, for replicas not yet caught up.
        {
          id: row.id,
          isAdmin: row.is_admin,
          isSupervisor: row.is_supervisor,
          name: row.name,
          school: row.school,
        },
      ]),
    );
  }

  // Usernames are unique case-insensitively (the lower(username) index serves this).
  private byUsername(manager: EntityManager | undefined, username: string) {
    return (manager ? manager.getRepository(User) : this.repo)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username });
  }

  // Issue 31: a deactivated account cannot sign in (the same answer as an unknown username).
  async findCredentials(username: string): Promise<Credentials | null> {
    const user = await this.byUsername(undefined, username)
      .select(['u.id', 'u.passwordHash'])
      .andWhere('u.active')
      .getOne();
    return user ? { id: user.id, passwordHash: user.passwordHash } : null;
  }

  // Issue 20: the signed-in user confirms a deletion with their password.
  async findCredentialsById(id: number): Promise<Credentials | null> {
    const user = await this.repo
      .createQueryBuilder('u')
      .select(['u.id', 'u.passwordHash'])
      .where('u.id = :id', { id })
      .getOne();
    return user ? { id: user.id, passwordHash: user.passwordHash } : null;
  }

  // The account's id and roles, locked until the transaction ends when a manager is given.
  findRolesByUsername(
    username: string,
    manager?: EntityManager,
  ): Promise<Pick<User, 'id' | 'isAdmin' | 'isSupervisor'> | null> {
    const query = this.byUsername(manager, username).select([
      'u.id',
      'u.isAdmin',
      'u.isSupervisor',
    ]);
    return (manager ? query.setLock('pessimistic_write') : query).getOne();
  }

  async findByEmail(email: string): Promise<AccountContact[]> {
    const users = await this.repo
      .createQueryBuilder('u')
      .select(['u.id', 'u.username', 'u.name', 'u.email', 'u.language'])
      .where('lower(u.email) = lower(:email)', { email })
      .andWhere('u.active')
      .orderBy('u.id')
      .getMany();
    return users.map(toContact);
  }

  // Who to mail on another service's behalf (notification.requested); unknown ids are skipped,
  // and so are people a roster import deactivated (issue 31: signed out, nothing is sent).
  async findContacts(ids: number[], manager?: EntityManager): Promise<AccountContact[]> {
    if (ids.length === 0) return [];
    const repo = manager ? manager.getRepository(User) : this.repo;
    const users = await repo
      .createQueryBuilder('u')
      .select(['u.id', 'u.username', 'u.name', 'u.email', 'u.language'])
      .where('u.id IN (:...ids)', { ids })
      .andWhere('u.active')
      .orderBy('u.id')
      .getMany();
    return users.map(toContact);
  }

  // Raises the driver's unique violation (23505) on a taken username; callers map it.
  async insert(manager: EntityManager, user: NewUser): Promise<UserView> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(User)
      .values({
        username: user.username,
        passwordHash: user.passwordHash,
        name: user.name,
        email: user.email,
        school: user.school,
        grade: user.grade,
        serviceHours: user.serviceHours,
        avatarUrl: user.avatarUrl ?? null,
        isAdmin: user.isAdmin ?? false,
        isSupervisor: user.isSupervisor ?? false,
        directoryVisible: user.directoryVisible ?? true,
        dateOfBirth: user.dateOfBirth ?? null,
        guardianEmail: user.guardianEmail ?? null,
        consentStatus: user.consentStatus ?? null,
        language: user.language ?? 'en',
        ...(user.consentStatus === 'pending' ? { consentRequestedAt: () => 'now()' } : {}),
      })
      // The stored row as the screens see it (a new account has no credits yet). TypeORM takes
      // property names here and answers raw rows with column names.
      .returning([...VIEW_PROPERTIES, 'serviceHours'])
      .execute();
    return toUserView((result.raw as UserRow[])[0]);
  }

  // Issue 22. Returns false when no such user exists.
  async setLanguage(manager: EntityManager, id: number, language: Language): Promise<boolean> {
    const result = await manager.update(User, id, { language });
    return (result.affected ?? 0) > 0;
  }

  async setPasswordHash(manager: EntityManager, id: number, passwordHash: string): Promise<void> {
    await manager.update(User, id, { passwordHash });
  }

  // Returns the previous avatar URL, or undefined when the user no longer exists.
  async setAvatarUrl(
    manager: EntityManager,
    id: number,
    avatarUrl: string,
  ): Promise<{ previous: string | null } | undefined> {
    const before = await manager.findOne(User, {
      select: { id: true, avatarUrl: true },
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!before) return undefined;
    await manager.update(User, id, { avatarUrl });
    return { previous: before.avatarUrl };
  }

  // Locks every admin row (in id order, so concurrent callers queue instead of deadlocking):
  // two admins demoting each other at once cannot leave the district without an admin.
  async lockAdminIds(manager: EntityManager): Promise<number[]> {
    const admins = await manager.find(User, {
      select: { id: true },
      where: { isAdmin: true },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    return admins.map((user) => user.id);
  }

  // The row's current school and roles, locked until the transaction ends; undefined if gone.
  async lockForChange(
    manager: EntityManager,
    id: number,
  ): Promise<
    { name: string; school: string; isAdmin: boolean; isSupervisor: boolean } | undefined
  > {
    const user = await manager.findOne(User, {
      select: { id: true, name: true, school: true, isAdmin: true, isSupervisor: true },
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    return user
      ? {
          name: user.name,
          school: user.school,
          isAdmin: user.isAdmin,
          isSupervisor: user.isSupervisor,
        }
      : undefined;
  }

  async setRoles(
    manager: EntityManager,
    id: number,
    roles: { isAdmin: boolean; isSupervisor: boolean },
  ): Promise<void> {
    await manager.update(User, id, { isAdmin: roles.isAdmin, isSupervisor: roles.isSupervisor });
  }

  // Issue 20. Returns false when no such user exists.
  async setDirectoryVisible(
    manager: EntityManager,
    id: number,
    directoryVisible: boolean,
  ): Promise<boolean> {
    const result = await manager.update(User, id, { directoryVisible });
    return (result.affected ?? 0) > 0;
  }

  // Returns false when no such user exists.
  async setSchool(manager: EntityManager, id: number, school: string): Promise<boolean> {
    const result = await manager.update(User, id, { school });
    return (result.affected ?? 0) > 0;
  }

  // Deletes the account; its reset tokens and hour credits go with it (ON DELETE CASCADE).
  // Returns the avatar URL it had, or undefined when no such user exists.
  async delete(
    manager: EntityManager,
    id: number,
  ): Promise<{ avatarUrl: string | null; name: string; username: string } | undefined> {
    const result = await manager
      .createQueryBuilder()
      .delete()
      .from(User)
      .where('id = :id', { id })
      .returning(['avatarUrl', 'name', 'username'])
      .execute();
    const row = (
      result.raw as Array<{ avatar_url: string | null; name: string; username: string }>
    )[0];
    return row ? { avatarUrl: row.avatar_url, name: row.name, username: row.username } : undefined;
  }

  count(manager?: EntityManager): Promise<number> {
    return (manager ? manager.getRepository(User) : this.repo).count();
  }

  // raw SQL: no TypeORM form for a transaction-scoped advisory lock that serialises the seeding of
  // a fresh installation across replicas starting together.
  async lockSeeding(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('svc-auth:seed'))`);
  }

  // raw SQL: TypeORM's insert builder has no INSERT … SELECT … WHERE EXISTS. One statement that
  // credits an approved log once (its id is the key, so a redelivered event is a no-op) and drops a
  // credit for an account deleted meanwhile instead of failing forever on the foreign key.
  async insertHourCredit(manager: EntityManager, credit: HoursApprovedPayload): Promise<void> {
    await manager.query(
      `INSERT INTO ${this.credits} (log_id, user_id, hours)
       SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM ${this.users} WHERE id = $2)
       ON CONFLICT (log_id) DO NOTHING`,
      [credit.logId, credit.userId, credit.hours],
    );
  }

  async deleteHourCredit(manager: EntityManager, logId: number): Promise<void> {
    await manager.getRepository(HourCredit).delete({ logId });
  }

  isUsernameTaken(error: unknown): boolean {
    const driver = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
    return driver?.code === '23505' && driver.constraint === 'users_username_lower_key';
  }
}

function toContact({ id, username, name, email, language }: User): AccountContact {
  return { id, username, name, email, language };
}
