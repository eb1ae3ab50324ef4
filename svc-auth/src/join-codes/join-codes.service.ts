import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  canonicalSchoolName,
  normalizeJoinCode,
  REGISTRATION_MESSAGES,
  type CreateJoinCodeInput,
  type JoinCodeView,
} from '@district/contracts';
import { AuditService, withTransaction, type Identity } from '@district/service-kit';
import { UsersRepository } from '../users/users.repository';
import { toJoinCodeView } from './join-code-view';
import { JoinCodesRepository } from './join-codes.repository';

// No 0/O, 1/I/L: codes are read aloud and copied from a board. 8 of 31 symbols: ~8.5e11 codes.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;
const ATTEMPTS = 5;

export function drawJoinCode(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

// Issue 31: supervisors hand out codes for their own school, admins for any; each creation and
// revocation is audited.
@Injectable()
export class JoinCodesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly codes: JoinCodesRepository,
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
  ) {}

  async create(actor: Identity, input: CreateJoinCodeInput): Promise<{ id: number; code: string }> {
    await this.assertMaySchool(actor, input.school);
    return withTransaction(this.dataSource, async (manager) => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const code = drawJoinCode();
        const id = await this.codes.insert(manager, {
          code,
          school: input.school,
          uses: input.uses,
          expiresAt: new Date(input.expiresAt),
          createdBy: actor.id,
        });
        if (id === null) continue;
        await this.audit.record(manager, {
          actorId: actor.id,
          action: 'join-code.create',
          target: { type: 'join-code', id },
          outcome: 'success',
          detail: { school: input.school, uses: input.uses, expiresAt: input.expiresAt },
        });
        return { id, code };
      }
      throw new Error(`no free join code after ${ATTEMPTS} draws`);
    });
  }

  async list(actor: Identity): Promise<JoinCodeView[]> {
    const school = actor.isAdmin ? undefined : await this.ownSchool(actor);
    const now = new Date();
    return (await this.codes.list(school)).map((row) => toJoinCodeView(row, now));
  }

  async revoke(actor: Identity, id: number): Promise<void> {
    await withTransaction(this.dataSource, async (manager) => {
      const row = await this.codes.find(manager, id);
      if (!row) throw new NotFoundException(REGISTRATION_MESSAGES.joinCodeNotFound);
      await this.assertMaySchool(actor, row.school);
      // Revoking twice changes nothing and records nothing.
      if (row.revokedAt !== null) return;
      await this.codes.revoke(manager, id);
      await this.audit.record(manager, {
        actorId: actor.id,
        action: 'join-code.revoke',
        target: { type: 'join-code', id },
        outcome: 'success',
        detail: { school: row.school, used: row.used, uses: row.uses },
      });
    });
  }

  // In the registration's transaction: the code's school, or null when it cannot be used.
  takeUse(manager: EntityManager, typed: string): Promise<string | null> {
    return this.codes.takeUse(manager, normalizeJoinCode(typed));
  }

  private async assertMaySchool(actor: Identity, school: string): Promise<void> {
    if (actor.isAdmin) return;
    if ((await this.ownSchool(actor)) !== school)
      throw new ForbiddenException(REGISTRATION_MESSAGES.ownSchoolOnly);
  }

  // A supervisor's school as the registry names it (an older free-text school still matches).
  private async ownSchool(actor: Identity): Promise<string> {
    const view = await this.users.findView(actor.id);
    return canonicalSchoolName(view?.school);
  }
}
