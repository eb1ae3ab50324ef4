import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows, schemaOf, type Identity } from '@district/service-kit';
import { IdentityBatch } from './identity-batch';
import { toUserView, type UserRow, type UserView } from './user-view';

const VIEW_COLUMNS = `u.id, u.username, u.name, u.email, u.school, u.grade, u.avatar_url, u.is_admin, u.is_supervisor`;

export interface NewUser {
  username: string;
  passwordHash: string;
  name: string;
  email: string;
  school: string;
  grade: number;
  serviceHours: number;
  avatarUrl?: string | null;
  isAdmin?: boolean;
  isSupervisor?: boolean;
}

export interface Credentials {
  id: number;
  passwordHash: string;
}

// Hand-written SQL on the hot paths (/api/user, verify): one primary-key query, no entity hydration.
@Injectable()
export class UsersService {
  private readonly users: string;
  private readonly credits: string;
  private readonly identities: IdentityBatch;

  constructor(private readonly dataSource: DataSource) {
    const schema = schemaOf(dataSource);
    this.users = `"${schema}"."users"`;
    this.credits = `"${schema}"."hour_credits"`;
    this.identities = new IdentityBatch(dataSource, this.users);
  }

  private viewSql(where: string): string {
    // Shown total = hours declared at registration + approved logged hours (DESIGN "Service hours").
    return `SELECT ${VIEW_COLUMNS},
        (u.service_hours + COALESCE((SELECT sum(c.hours) FROM ${this.credits} c WHERE c.user_id = u.id), 0))::text
          AS service_hours
      FROM ${this.users} u WHERE ${where}`;
  }

  // Outside a transaction (the /api/user hot path) the statement goes straight to the pool.
  async findView(id: number, manager?: EntityManager): Promise<UserView | null> {
    const sql = this.viewSql('u.id = $1');
    const rows = manager
      ? ((await manager.query(sql, [id])) as UserRow[])
      : await queryRows<UserRow>(this.dataSource, sql, [id]);
    return rows[0] ? toUserView(rows[0]) : null;
  }

  // Roles are read fresh on every gateway check so a demoted or deleted user loses access at once.
  findIdentity(id: number): Promise<Identity | null> {
    return this.identities.find(id);
  }

  async findCredentials(username: string): Promise<Credentials | null> {
    const rows = (await this.dataSource.query(
      `SELECT id, password_hash FROM ${this.users} WHERE lower(username) = lower($1)`,
      [username],
    )) as Array<{ id: number; password_hash: string }>;
    const row = rows[0];
    return row ? { id: row.id, passwordHash: row.password_hash } : null;
  }

  async findByEmail(
    email: string,
  ): Promise<Array<{ id: number; username: string; name: string; email: string }>> {
    return (await this.dataSource.query(
      `SELECT id, username, name, email FROM ${this.users} WHERE lower(email) = lower($1) ORDER BY id`,
      [email],
    )) as Array<{ id: number; username: string; name: string; email: string }>;
  }

  // Raises the driver's unique violation (23505) on a taken username; callers map it.
  async insert(manager: EntityManager, user: NewUser): Promise<UserView> {
    const rows = (await manager.query(
      `INSERT INTO ${this.users} AS u
         (username, password_hash, name, email, school, grade, service_hours, avatar_url, is_admin, is_supervisor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING ${VIEW_COLUMNS}, u.service_hours::text AS service_hours`,
      [
        user.username,
        user.passwordHash,
        user.name,
        user.email,
        user.school,
        user.grade,
        user.serviceHours,
        user.avatarUrl ?? null,
        user.isAdmin ?? false,
        user.isSupervisor ?? false,
      ],
    )) as UserRow[];
    return toUserView(rows[0]);
  }

  async setPasswordHash(manager: EntityManager, id: number, passwordHash: string): Promise<void> {
    await manager.query(
      `UPDATE ${this.users} SET password_hash = $2, updated_at = now() WHERE id = $1`,
      [id, passwordHash],
    );
  }

  // Returns the previous avatar URL, or undefined when the user no longer exists.
  async setAvatarUrl(
    manager: EntityManager,
    id: number,
    avatarUrl: string,
  ): Promise<{ previous: string | null } | undefined> {
    const rows = (await manager.query(
      `SELECT avatar_url FROM ${this.users} WHERE id = $1 FOR UPDATE`,
      [id],
    )) as Array<{
      avatar_url: string | null;
    }>;
    if (!rows[0]) return undefined;
    await manager.query(
      `UPDATE ${this.users} SET avatar_url = $2, updated_at = now() WHERE id = $1`,
      [id, avatarUrl],
    );
    return { previous: rows[0].avatar_url };
  }

  // Locks every admin row (in id order, so concurrent callers queue instead of deadlocking):
  // two admins demoting each other at once cannot leave the district without an admin.
  async lockAdminIds(manager: EntityManager): Promise<number[]> {
    const rows = (await manager.query(
      `SELECT id FROM ${this.users} WHERE is_admin ORDER BY id FOR UPDATE`,
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  // The row's current school and roles, locked until the transaction ends; undefined if gone.
  async lockForChange(
    manager: EntityManager,
    id: number,
  ): Promise<
    { name: string; school: string; isAdmin: boolean; isSupervisor: boolean } | undefined
  > {
    const rows = (await manager.query(
      `SELECT name, school, is_admin, is_supervisor FROM ${this.users} WHERE id = $1 FOR UPDATE`,
      [id],
    )) as Array<{ name: string; school: string; is_admin: boolean; is_supervisor: boolean }>;
    const row = rows[0];
    return row
      ? {
          name: row.name,
          school: row.school,
          isAdmin: row.is_admin,
          isSupervisor: row.is_supervisor,
        }
      : undefined;
  }

  async setRoles(
    manager: EntityManager,
    id: number,
    roles: { isAdmin: boolean; isSupervisor: boolean },
  ): Promise<void> {
    await manager.query(
      `UPDATE ${this.users} SET is_admin = $2, is_supervisor = $3, updated_at = now() WHERE id = $1`,
      [id, roles.isAdmin, roles.isSupervisor],
    );
  }

  // Returns false when no such user exists.
  async setSchool(manager: EntityManager, id: number, school: string): Promise<boolean> {
    const result = (await manager.query(
      `UPDATE ${this.users} SET school = $2, updated_at = now() WHERE id = $1`,
      [id, school],
    )) as [unknown[], number];
    return result[1] > 0;
  }

  // Deletes the account; its reset tokens and hour credits go with it (ON DELETE CASCADE).
  // Returns the avatar URL it had, or undefined when no such user exists.
  async delete(
    manager: EntityManager,
    id: number,
  ): Promise<{ avatarUrl: string | null; name: string; username: string } | undefined> {
    const [rows] = (await manager.query(
      `DELETE FROM ${this.users} WHERE id = $1 RETURNING avatar_url, name, username`,
      [id],
    )) as [Array<{ avatar_url: string | null; name: string; username: string }>, number];
    return rows[0]
      ? { avatarUrl: rows[0].avatar_url, name: rows[0].name, username: rows[0].username }
      : undefined;
  }

  async count(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const rows = (await manager.query(`SELECT count(*)::int AS n FROM ${this.users}`)) as Array<{
      n: number;
    }>;
    return rows[0].n;
  }

  isUsernameTaken(error: unknown): boolean {
    const driver = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
    return driver?.code === '23505' && driver.constraint === 'users_username_lower_key';
  }
}
