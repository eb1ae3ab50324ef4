import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Opportunity, Page } from '@district/contracts';
import {
  CurrentUser,
  IdParamDto,
  Roles,
  sendCachedList,
  type Identity,
} from '@district/service-kit';
import {
  CreateOpportunityDto,
  OpportunitiesQueryDto,
  OpportunityStatusDto,
  UpdateOpportunityDto,
} from './opportunities.dto';
import { OpportunitiesService } from './opportunities.service';

@Controller('api/opportunities')
export class OpportunitiesController {
  constructor(private readonly opportunities: OpportunitiesService) {}

  // The cached list: 304 while the browser holds it, else gzip bytes or JSON with a strong ETag
  // (the kit's helper). ?page/?pageSize: one Page of the same list (the Past Events tab).
  @Get()
  async list(
    @Query() query: OpportunitiesQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | Page<Opportunity> | undefined> {
    if (query.page !== undefined || query.pageSize !== undefined) {
      return this.opportunities.page(query);
    }
    return sendCachedList(request, reply, await this.opportunities.listBody(query.status));
  }

  @Post()
  @Roles('admin')
  create(@CurrentUser() user: Identity, @Body() body: CreateOpportunityDto): Promise<Opportunity> {
    return this.opportunities.create(body, user.id);
  }

  // Issue 18: edit any field; signed-up students hear of a new time or place.
  @Patch(':id')
  @Roles('admin')
  update(
    @CurrentUser() user: Identity,
    @Param() { id }: IdParamDto,
    @Body() body: UpdateOpportunityDto,
  ): Promise<Opportunity> {
    return this.opportunities.update(id, body, user.id);
  }

  // Beyond the spec: archive (or reopen) by hand.
  @Patch(':id/status')
  @Roles('admin')
  setStatus(
    @CurrentUser() user: Identity,
    @Param() { id }: IdParamDto,
    @Body() body: OpportunityStatusDto,
  ): Promise<Opportunity> {
    return this.opportunities.setStatus(id, body.status, user.id);
  }

  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  async remove(@CurrentUser() user: Identity, @Param() { id }: IdParamDto): Promise<void> {
    await this.opportunities.remove(id, user.id);
  }
}
