import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { API_MESSAGES } from '@district/contracts';
import {
  IDENTITY_HEADER,
  LOGGER,
  OWN_DATA_EXPORT_PATH,
  SERVICE_CONFIG,
  signIdentityToken,
  type Identity,
  type Logger,
  type OwnDataExport,
} from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import type { UserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';
import { OwnDataExportRepository } from './own-data-export.repository';

// How long one service may take to hand over its part before the export is refused (never sent
// incomplete).
const PART_TIMEOUT_MS = 10_000;

// Issue 20: GET /api/user/export, everything the platform holds about the signed-in student.
// svc-auth answers its own part from its tables and asks each other service for theirs on its
// internal path (EXPORT_SOURCES), never reading another service's tables.
@Injectable()
export class OwnDataExportService {
  private readonly sources: string[];
  private readonly secret: string;

  constructor(
    private readonly ownData: OwnDataExportRepository,
    private readonly users: UsersRepository,
    @Inject(SERVICE_CONFIG) config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.sources = config.EXPORT_SOURCES;
    this.secret = config.IDENTITY_SECRET;
  }

  async export(user: Identity): Promise<{ username: string; body: Record<string, unknown> }> {
    const profile = await this.users.findView(user.id);
    if (!profile) throw new ServiceUnavailableException(API_MESSAGES.serviceUnavailable);
    const [own, parts, consent] = await Promise.all([
      this.ownPart(profile),
      this.otherParts(user),
      this.consentRecord(user.id),
    ]);
    return {
      username: profile.username,
      body: {
        exportedAt: new Date().toISOString(),
        profile,
        ...own,
        consent,
        services: Object.fromEntries(parts.map((part) => [part.service, part.parts])),
      },
    };
  }

  // Issue 20: the school's consent (no guardian record) unless the account was made in
  // guardian mode; then the date of birth, the guardian's address and the state of consent.
  private async consentRecord(userId: number): Promise<Record<string, unknown>> {
    const row = await this.ownData.consent(userId);
    if (!row?.dateOfBirth) return { mode: 'school', guardian: null };
    return {
      mode: 'guardian',
      dateOfBirth: row.dateOfBirth,
      guardian: row.guardianEmail ? { email: row.guardianEmail, status: row.consentStatus } : null,
    };
  }

  private async ownPart(profile: UserView): Promise<Record<string, unknown>> {
    const [hourCredits, auditEntries] = await Promise.all([
      this.ownData.hourCredits(profile.id),
      this.ownData.auditEntries(profile.id),
    ]);
    return { hourCredits, auditEntries };
  }

  private async otherParts(user: Identity): Promise<OwnDataExport[]> {
    // The student's own identity, so each service hands out only their rows.
    const token = signIdentityToken(
      { id: user.id, isAdmin: false, isSupervisor: false },
      this.secret,
    );
    return Promise.all(
      this.sources.map(async (base) => {
        try {
          const response = await fetch(new URL(OWN_DATA_EXPORT_PATH, base), {
            headers: { [IDENTITY_HEADER]: token },
            signal: AbortSignal.timeout(PART_TIMEOUT_MS),
          });
          if (!response.ok) throw new Error(`status ${response.status}`);
          return (await response.json()) as OwnDataExport;
        } catch (error) {
          this.logger.warn(
            { err: error, source: base },
            'a service did not hand over its export part',
          );
          throw new ServiceUnavailableException(API_MESSAGES.serviceUnavailable);
        }
      }),
    );
  }
}
