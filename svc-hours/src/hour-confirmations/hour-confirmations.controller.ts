import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type {
  HourConfirmationDecision,
  HourConfirmationView,
  HoursSettings,
} from '@district/contracts';
import {
  CurrentUser,
  IdParamDto,
  Public,
  requestLanguage,
  Roles,
  type Identity,
} from '@district/service-kit';
import { HourConfirmationDecisionDto, HoursSettingsDto } from './hour-confirmations.dto';
import { HourConfirmationsService } from './hour-confirmations.service';

@Controller()
export class HourConfirmationsController {
  constructor(private readonly confirmations: HourConfirmationsService) {}

  // Public (the gateway's anonymous.conf, rate-limited): the link in the organisation's mail.
  @Public()
  @Get('api/hour-confirmations/:token')
  view(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
  ): Promise<HourConfirmationView> {
    return this.confirmations.view(token, requestLanguage(request.headers));
  }

  @Public()
  @Post('api/hour-confirmations/:token')
  @HttpCode(200)
  decide(
    @Param('token') token: string,
    @Body() body: HourConfirmationDecisionDto,
    @Req() request: FastifyRequest,
  ): Promise<{ decision: HourConfirmationDecision['decision'] }> {
    const agent = request.headers['user-agent'];
    return this.confirmations.decide(token, body, {
      // request.ip believes X-Forwarded-For only from TRUSTED_PROXIES (the gateway).
      address: request.ip,
      userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
    });
  }

  // The entry's owner: mail the organisation again (a new link; 3 mails per entry at most).
  @Post('api/service-hours/:id/confirmation-mail')
  @HttpCode(204)
  async resend(@CurrentUser() user: Identity, @Param() { id }: IdParamDto): Promise<void> {
    await this.confirmations.resend(user, id);
  }

  @Get('api/service-hours/settings')
  @Roles('admin')
  settings(): Promise<HoursSettings> {
    return this.confirmations.settings();
  }

  @Patch('api/service-hours/settings')
  @Roles('admin')
  updateSettings(
    @CurrentUser() user: Identity,
    @Body() body: HoursSettingsDto,
  ): Promise<HoursSettings> {
    return this.confirmations.updateSettings(user, body);
  }
}
