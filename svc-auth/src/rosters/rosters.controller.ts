import { Controller, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
// request.isMultipart() and request.parts() (the plugin is registered by the kit's MultipartModule).
import type {} from '@fastify/multipart';
import { REGISTRATION_MESSAGES, type RosterImportResult } from '@district/contracts';
import { CurrentUser, fieldError, Roles, type Identity } from '@district/service-kit';
import type { ParsedOrgs, ParsedUsers } from './oneroster-csv';
import { RosterImportService } from './roster-import.service';
import { RosterImportQueryDto } from './rosters.dto';

const ROSTER_FILE_MAX_BYTES = 64 * 1024 * 1024;

// Issue 31: admins upload the OneRoster bundle; ?dryRun=true previews it.
@Roles('admin')
@Controller('api/admin/rosters')
export class RostersController {
  constructor(private readonly imports: RosterImportService) {}

  @Post()
  @HttpCode(200)
  async import(
    @CurrentUser() actor: Identity,
    @Query() query: RosterImportQueryDto,
    @Req() request: FastifyRequest,
  ): Promise<RosterImportResult> {
    if (!request.isMultipart())
      throw fieldError('users', REGISTRATION_MESSAGES.rosterFilesRequired);
    const { orgs, users } = await this.readBundle(request);
    return this.imports.importRoster(actor, orgs, users, {
      dryRun: query.dryRun === 'true',
      rules: { teachers: query.teachers ?? 'none', administrators: query.administrators ?? 'none' },
    });
  }

  // Each file is parsed as it streams in (never held whole); anything else in the form is refused.
  private async readBundle(
    request: FastifyRequest,
  ): Promise<{ orgs: ParsedOrgs; users: ParsedUsers }> {
    let orgs: ParsedOrgs | undefined;
    let users: ParsedUsers | undefined;
    try {
      for await (const part of request.parts({
        limits: { fileSize: ROSTER_FILE_MAX_BYTES, files: 2, fields: 0, parts: 2 },
      })) {
        if (part.type !== 'file') continue;
        if (part.fieldname === 'orgs' && !orgs) orgs = await this.imports.readOrgs(part.file);
        else if (part.fieldname === 'users' && !users)
          users = await this.imports.readUsers(part.file);
        else {
          part.file.resume();
          throw fieldError(part.fieldname, REGISTRATION_MESSAGES.rosterFilesRequired);
        }
        if (part.file.truncated)
          throw fieldError(part.fieldname, REGISTRATION_MESSAGES.rosterTooLarge);
      }
    } catch (error) {
      // The rest of the upload is read past, so the answer reaches the client and the
      // connection stays usable (a refused file stops being parsed at its first bad line).
      request.raw.unpipe();
      request.raw.resume();
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fieldError('users', REGISTRATION_MESSAGES.rosterTooLarge);
      if (error instanceof Error && 'getStatus' in error) throw error;
      // Broken or truncated multipart bodies are the client's problem, not a 500.
      throw fieldError('users', REGISTRATION_MESSAGES.rosterFilesRequired);
    }
    if (!orgs) throw fieldError('orgs', REGISTRATION_MESSAGES.rosterFilesRequired);
    if (!users) throw fieldError('users', REGISTRATION_MESSAGES.rosterFilesRequired);
    return { orgs, users };
  }
}
