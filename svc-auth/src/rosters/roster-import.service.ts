import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import {
  REGISTRATION_MESSAGES,
  type RosterImportResult,
  type RosterLineError as ContractLineError,
} from '@district/contracts';
import { AuditService, OutboxService, withTransaction, type Identity } from '@district/service-kit';
import { BadRequestException } from '@nestjs/common';
import { SessionStore } from '../sessions/session-store';
import { toUserEventPayload } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';
import {
  parseOrgs,
  parseUsers,
  resolveRoster,
  RosterFileError,
  type ParsedOrgs,
  type ParsedUsers,
  type RosterLineError,
} from './oneroster-csv';
import { RostersRepository, type RoleRules } from './rosters.repository';

export interface RosterImportOptions {
  dryRun: boolean;
  rules: RoleRules;
}

// A roster that is not one, or has bad lines: 400, each line named, nothing applied.
function rosterRefusal(errors: RosterLineError[]): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    message: REGISTRATION_MESSAGES.rosterRefused,
    // Issue 31: a code and its parameters for the admin's screen, the English text for clients.
    errors: errors.map((e): ContractLineError => ({
      path: e.file,
      line: e.line,
      code: e.code,
      params: e.params,
      message: `line ${e.line}: ${e.reason}`,
    })),
  });
}

// Issue 31: the district roster from the student information system (OneRoster 1.1 CSV), by an
// admin's upload or the nightly command. A full import: people missing from it are deactivated.
@Injectable()
export class RosterImportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rosters: RostersRepository,
    private readonly users: UsersRepository,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly sessions: SessionStore,
  ) {}

  // Each file streams through the parser as it arrives; a file that is no roster stops at once.
  async readOrgs(input: Readable): Promise<ParsedOrgs> {
    return this.readFile(() => parseOrgs(input));
  }

  async readUsers(input: Readable): Promise<ParsedUsers> {
    return this.readFile(() => parseUsers(input));
  }

  // Preview (dryRun) or apply, all or nothing, in one transaction. actorId null: the command line.
  async importRoster(
    actor: Identity | null,
    orgs: ParsedOrgs,
    users: ParsedUsers,
    options: RosterImportOptions,
  ): Promise<RosterImportResult> {
    const { rows, errors } = resolveRoster(orgs, users);
    if (errors.length > 0) throw rosterRefusal(errors);
    const { result, deactivated } = await withTransaction(this.dataSource, async (manager) => {
      // One import at a time: a second waits for the first to commit, then diffs against it.
      await this.rosters.lockForImport(manager);
      await this.rosters.stage(manager, rows);
      const diff = await this.rosters.diff(manager);
      if (options.dryRun) return { result: { applied: false, ...diff }, deactivated: [] };
      await this.rosters.applyStaged(manager);
      const changed = await this.rosters.syncAccounts(manager, options.rules);
      // Every service's users replica follows (deactivated people vanish from their lists).
      for (const account of changed) {
        const { view, active } = (await this.users.findForEvent(account.id, manager))!;
        await this.outbox.add(manager, 'user.updated', toUserEventPayload(view, active));
      }
      await this.audit.record(manager, {
        actorId: actor?.id ?? null,
        action: 'roster.import',
        target: { type: 'roster', id: null },
        outcome: 'success',
        detail: { ...diff, accountsChanged: changed.length, rules: { ...options.rules } },
      });
      return {
        result: { applied: true, ...diff },
        deactivated: changed.filter((a) => !a.active).map((a) => a.id),
      };
    });
    // After commit: deactivated people are signed out everywhere (their next request is a 401
    // anyway: the gateway's identity check refuses inactive accounts).
    for (const id of deactivated) await this.sessions.destroyAllForUser(id);
    return result;
  }

  private async readFile<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof RosterFileError) throw rosterRefusal([error.detail]);
      throw error;
    }
  }
}
