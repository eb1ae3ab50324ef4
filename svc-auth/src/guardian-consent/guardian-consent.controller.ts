import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GuardianConsentRequest, PendingConsent } from '@district/contracts';
import { CurrentUser, Public, Roles, type Identity } from '@district/service-kit';
import {
  ConsentTokenParamDto,
  ConsentUserParamDto,
  GuardianConsentDecisionDto,
} from './guardian-consent.dto';
import { GuardianConsentService } from './guardian-consent.service';

// The guardian's link: public (the guardian has no account), rate-limited at the gateway.
@Public()
@Controller('api/guardian-consent')
export class GuardianConsentController {
  constructor(private readonly consents: GuardianConsentService) {}

  @Get(':token')
  read(
    @Param() { token }: ConsentTokenParamDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<GuardianConsentRequest> {
    void reply.header('cache-control', 'no-store');
    return this.consents.read(token);
  }

  @Post(':token')
  @HttpCode(204)
  async decide(
    @Param() { token }: ConsentTokenParamDto,
    @Body() body: GuardianConsentDecisionDto,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    const userAgent = request.headers['user-agent'];
    const client = {
      address: request.ip,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    };
    if (body.decision === 'consent') await this.consents.consent(token, client);
    else await this.consents.refuse(token, client);
  }
}

@Roles('admin')
@Controller('api/admin/consents')
export class AdminConsentsController {
  constructor(private readonly consents: GuardianConsentService) {}

  @Get()
  list(): Promise<PendingConsent[]> {
    return this.consents.listPending();
  }

  @Post(':userId/resend')
  @HttpCode(204)
  resend(@CurrentUser() actor: Identity, @Param() { userId }: ConsentUserParamDto): Promise<void> {
    return this.consents.resend(actor, userId);
  }
}
