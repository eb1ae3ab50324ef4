import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { schemaOf } from '@district/service-kit';
import type { RosterRow } from './oneroster-csv';
import { RosterPerson } from './roster-person.entity';

export interface RosterDiff {
  created: number;
  updated: number;
  reactivated: number;
  deactivated: number;
  unchanged: number;
}

// Rights a rule gives roster staff with an account (never taken away by an import).
export interface RoleRules {
  teachers: 'none' | 'supervisor';
  administrators: 'none' | 'supervisor' | 'admin';
}

export interface SyncedAccount {
  id: number;
  active: boolean;
}

const STAGE_BATCH = 5_000;

@Injectable()
export class RostersRepository {
  private readonly schema: string;

  constructor(dataSource: DataSource) {
    this.schema = schemaOf(dataSource);
  }

  // raw SQL (this method and the import's below): set-based statements over a temporary staging
  // table (unnest of arrays, FILTER counts, INSERT … ON CONFLICT … WHERE IS DISTINCT FROM,
  // UPDATE … FROM) that the query builder cannot write; 60,000 people in a few statements
  // (bench/roster-import.ts).
  async lockForImport(manager: EntityManager): Promise<void> {
    await manager.query(`LOCK TABLE "${this.schema}"."roster_people" IN SHARE ROW EXCLUSIVE MODE`);
  }

  async stage(manager: EntityManager, rows: RosterRow[]): Promise<void> {
    await manager.query(
      `CREATE TEMPORARY TABLE roster_import (
         sourced_id varchar(255) PRIMARY KEY, role varchar(16) NOT NULL, email varchar(254),
         given_name varchar(100) NOT NULL, family_name varchar(100) NOT NULL,
         school varchar(200) NOT NULL, grade integer
       ) ON COMMIT DROP`,
    );
    for (let start = 0; start < rows.length; start += STAGE_BATCH) {
      const batch = rows.slice(start, start + STAGE_BATCH);
      await manager.query(
        `INSERT INTO roster_import
           SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::int[])`,
        [
          batch.map((r) => r.sourcedId),
          batch.map((r) => r.role),
          batch.map((r) => r.email),
          batch.map((r) => r.givenName),
          batch.map((r) => r.familyName),
          batch.map((r) => r.school),
          batch.map((r) => r.grade),
        ],
      );
    }
  }

  // What applying the staged roster would change (a full import: absent people are deactivated).
  async diff(manager: EntityManager): Promise<RosterDiff> {
    const [row] = (await manager.query(
      `SELECT count(*) FILTER (WHERE p.sourced_id IS NULL) AS created,
              count(*) FILTER (WHERE i.sourced_id IS NULL AND p.active) AS deactivated,
              count(*) FILTER (WHERE i.sourced_id IS NOT NULL AND p.sourced_id IS NOT NULL AND NOT p.active) AS reactivated,
              count(*) FILTER (WHERE i.sourced_id IS NOT NULL AND p.active
                AND (p.role, p.email, p.given_name, p.family_name, p.school, p.grade)
                    IS DISTINCT FROM (i.role, i.email, i.given_name, i.family_name, i.school, i.grade)) AS updated,
              count(*) FILTER (WHERE i.sourced_id IS NOT NULL AND p.active
                AND (p.role, p.email, p.given_name, p.family_name, p.school, p.grade)
                    IS NOT DISTINCT FROM (i.role, i.email, i.given_name, i.family_name, i.school, i.grade)) AS unchanged
         FROM roster_import i FULL JOIN "${this.schema}"."roster_people" p ON p.sourced_id = i.sourced_id`,
    )) as Array<Record<keyof RosterDiff, string>>;
    return {
      created: Number(row.created),
      updated: Number(row.updated),
      reactivated: Number(row.reactivated),
      deactivated: Number(row.deactivated),
      unchanged: Number(row.unchanged),
    };
  }

  // The staged roster becomes the roster: new and changed people written, absent ones
  // deactivated (kept), returning ones reactivated. Rows that do not change are not touched.
  async applyStaged(manager: EntityManager): Promise<void> {
    const s = this.schema;
    await manager.query(
      `INSERT INTO "${s}"."roster_people" AS p (sourced_id, role, email, given_name, family_name, school, grade, active)
         SELECT sourced_id, role, email, given_name, family_name, school, grade, true FROM roster_import
       ON CONFLICT (sourced_id) DO UPDATE SET
         role = EXCLUDED.role, email = EXCLUDED.email, given_name = EXCLUDED.given_name,
         family_name = EXCLUDED.family_name, school = EXCLUDED.school, grade = EXCLUDED.grade,
         active = true, updated_at = now()
       WHERE (p.role, p.email, p.given_name, p.family_name, p.school, p.grade, p.active)
             IS DISTINCT FROM (EXCLUDED.role, EXCLUDED.email, EXCLUDED.given_name, EXCLUDED.family_name, EXCLUDED.school, EXCLUDED.grade, true)`,
    );
    await manager.query(
      `UPDATE "${s}"."roster_people" p SET active = false, updated_at = now()
        WHERE p.active AND NOT EXISTS (SELECT 1 FROM roster_import i WHERE i.sourced_id = p.sourced_id)`,
    );
  }

  // Accounts activated from the roster follow it: school, grade, active, and the rights the rules
  // give staff. Answers the accounts that changed.
  async syncAccounts(manager: EntityManager, rules: RoleRules): Promise<SyncedAccount[]> {
    const s = this.schema;
    const supervisor = `(p.role = 'teacher' AND $1 = 'supervisor') OR (p.role = 'administrator' AND $2 = 'supervisor')`;
    const admin = `p.role = 'administrator' AND $2 = 'admin'`;
    const [rows] = (await manager.query(
      `UPDATE "${s}"."users" u SET
         school = p.school, grade = COALESCE(p.grade, u.grade), active = p.active,
         is_supervisor = u.is_supervisor OR (p.active AND (${supervisor})),
         is_admin = u.is_admin OR (p.active AND (${admin}))
         FROM "${s}"."roster_people" p
        WHERE p.user_id = u.id
          AND (u.school, u.grade, u.active, u.is_supervisor, u.is_admin) IS DISTINCT FROM
              (p.school, COALESCE(p.grade, u.grade), p.active,
               u.is_supervisor OR (p.active AND (${supervisor})), u.is_admin OR (p.active AND (${admin})))
        RETURNING u.id, u.active`,
      [rules.teachers, rules.administrators],
    )) as [SyncedAccount[], number];
    return rows;
  }

  // The active person the roster holds this e-mail for, locked until the transaction ends so two
  // registrations with one address cannot both claim them. Two people with one address: the
  // first by sourcedId (an import refuses duplicate addresses among active people).
  findActiveByEmail(manager: EntityManager, email: string): Promise<RosterPerson | null> {
    return manager
      .createQueryBuilder(RosterPerson, 'person')
      .where('lower(person.email) = lower(:email)', { email })
      .andWhere('person.active')
      .orderBy('person.sourcedId')
      .setLock('pessimistic_write')
      .getOne();
  }

  async linkAccount(manager: EntityManager, sourcedId: string, userId: number): Promise<void> {
    await manager.update(RosterPerson, { sourcedId }, { userId });
  }
}
