import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { KeysetPage, Page, ServiceHoursLog, ServiceHoursSummary } from '@district/contracts';
import {
  CurrentUser,
  IdParamDto,
  requestLanguage,
  Roles,
  type Identity,
} from '@district/service-kit';
import {
  ServiceHoursCorrectionDto,
  ServiceHoursDto,
  ServiceHoursListQueryDto,
  ServiceHoursStatusDto,
  ServiceHoursSummaryQueryDto,
} from './service-hours.dto';
import { ServiceHoursService } from './service-hours.service';

@Controller('api/service-hours')
export class ServiceHoursController {
  constructor(private readonly hours: ServiceHoursService) {}

  // Plain call: the spec's array. ?page/pageSize: a Page; ?limit[&cursor]: a KeysetPage.
  // ?mine, ?status, ?school narrow it.
  @Get()
  list(
    @CurrentUser() user: Identity,
    @Query() query: ServiceHoursListQueryDto,
  ): Promise<ServiceHoursLog[] | Page<ServiceHoursLog> | KeysetPage<ServiceHoursLog>> {
    return this.hours.list(user, query);
  }

  // Beyond the spec: the stat cards and tab counts without shipping every entry.
  @Get('summary')
  summary(
    @CurrentUser() user: Identity,
    @Query() query: ServiceHoursSummaryQueryDto,
  ): Promise<ServiceHoursSummary> {
    return this.hours.summary(user, query);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentUser() user: Identity,
    @Body() body: ServiceHoursDto,
    @Req() request: FastifyRequest,
  ): Promise<ServiceHoursLog> {
    // Issue 22: the organisation's confirmation mail goes out in the student's language.
    return this.hours.create(user, body, requestLanguage(request.headers));
  }

  // approved | rejected (+ reason), or pending: a decision undone (issue 33).
  @Patch(':id/status')
  @Roles('supervisor')
  review(
    @CurrentUser() user: Identity,
    @Param() { id }: IdParamDto,
    @Body() body: ServiceHoursStatusDto,
  ): Promise<ServiceHoursLog> {
    return this.hours.review(user, id, body);
  }

  // Issue 33: the owner corrects a rejected entry and sends it again.
  @Put(':id')
  resubmit(
    @CurrentUser() user: Identity,
    @Param() { id }: IdParamDto,
    @Body() body: ServiceHoursCorrectionDto,
  ): Promise<ServiceHoursLog> {
    return this.hours.resubmit(user, id, body);
  }
}
