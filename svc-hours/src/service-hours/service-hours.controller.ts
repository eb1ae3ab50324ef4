import { Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import {
  hoursStatusSchema,
  serviceHoursListQuerySchema,
  serviceHoursSchema,
  serviceHoursSummaryQuerySchema,
  type HoursStatusInput,
  type KeysetPage,
  type Page,
  type ServiceHoursInput,
  type ServiceHoursListQuery,
  type ServiceHoursLog,
  type ServiceHoursSummary,
  type ServiceHoursSummaryQuery,
} from '@district/contracts';
import {
  CurrentUser,
  IdParam,
  Roles,
  ZodBody,
  ZodQuery,
  type Identity,
} from '@district/service-kit';
import { ServiceHoursService } from './service-hours.service';

@Controller('api/service-hours')
export class ServiceHoursController {
  constructor(private readonly hours: ServiceHoursService) {}

  // Plain call: the spec's array. ?page/pageSize: a Page; ?limit[&cursor]: a KeysetPage.
  // ?mine, ?status, ?school narrow it.
  @Get()
  list(
    @CurrentUser() user: Identity,
    @ZodQuery(serviceHoursListQuerySchema) query: ServiceHoursListQuery,
  ): Promise<ServiceHoursLog[] | Page<ServiceHoursLog> | KeysetPage<ServiceHoursLog>> {
    return this.hours.list(user, query);
  }

  // Beyond the spec: the stat cards and tab counts without shipping every entry.
  @Get('summary')
  summary(
    @CurrentUser() user: Identity,
    @ZodQuery(serviceHoursSummaryQuerySchema) query: ServiceHoursSummaryQuery,
  ): Promise<ServiceHoursSummary> {
    return this.hours.summary(user, query);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentUser() user: Identity,
    @ZodBody(serviceHoursSchema) body: ServiceHoursInput,
  ): Promise<ServiceHoursLog> {
    return this.hours.create(user, body);
  }

  @Patch(':id/status')
  @Roles('supervisor')
  review(
    @CurrentUser() user: Identity,
    @IdParam() id: number,
    @ZodBody(hoursStatusSchema) body: HoursStatusInput,
  ): Promise<ServiceHoursLog> {
    return this.hours.review(user, id, body.status);
  }
}
