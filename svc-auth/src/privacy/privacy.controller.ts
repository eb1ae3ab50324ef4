import { Body, Controller, Get, HttpCode, Patch, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { PrivacySettings } from '@district/contracts';
import { CurrentUser, Roles, type Identity } from '@district/service-kit';
import { SessionCookie } from '../sessions/session-cookie.service';
import { UserRefs, type OwnUserView } from '../users/user-ref';
import { OwnDataExportService } from './own-data-export.service';
import { DeleteOwnAccountDto, PrivacyChoiceDto, PrivacySettingsDto } from './privacy.dto';
import { PrivacyService } from './privacy.service';

// Issue 20: every signed-in user, about themselves only.
@Controller('api/user')
export class OwnPrivacyController {
  constructor(
    private readonly privacy: PrivacyService,
    private readonly cookie: SessionCookie,
    private readonly exports: OwnDataExportService,
    private readonly refs: UserRefs,
  ) {}

  // One JSON download of everything the platform holds about the caller, from every service.
  @Get('export')
  async export(
    @CurrentUser() user: Identity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Record<string, unknown>> {
    const { username, body } = await this.exports.export(user);
    void reply.headers({
      'cache-control': 'no-store',
      'content-disposition': `attachment; filename="my-data-${username.replace(/[^\w.-]/g, '_')}.json"`,
    });
    return body;
  }

  // Answers the user as GET /api/user does, with the new choice.
  @Patch('privacy')
  async setChoice(
    @CurrentUser() user: Identity,
    @Body() body: PrivacyChoiceDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OwnUserView> {
    void reply.header('cache-control', 'no-store');
    return this.refs.withRef(await this.privacy.setDirectoryVisible(user, body.directoryVisible));
  }

  // 204 and the cookie cleared: every session of the account ends with it.
  @Post('delete')
  @HttpCode(204)
  async deleteOwnAccount(
    @CurrentUser() user: Identity,
    @Body() body: DeleteOwnAccountDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.privacy.deleteOwnAccount(user, body.password);
    this.cookie.clear(reply);
  }
}

// The district policy: admins read and change it (audited).
@Roles('admin')
@Controller('api/privacy/settings')
export class PrivacySettingsController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get()
  read(): Promise<PrivacySettings> {
    return this.privacy.readSettings();
  }

  @Patch()
  change(
    @CurrentUser() actor: Identity,
    @Body() body: PrivacySettingsDto,
  ): Promise<PrivacySettings> {
    return this.privacy.changeSettings(actor, body);
  }
}
