import { Controller, Delete, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CalendarFeedResponse } from '@district/contracts';
import { CurrentUser, IdParamDto, Public, type Identity } from '@district/service-kit';
import { CalendarService } from './calendar.service';

const ICS_TYPE = 'text/calendar; charset=utf-8';

// Issue 18: calendar files. Any signed-in user may download an opportunity's event; a student's
// feed address is theirs alone, and the feed itself is read by calendar apps without a cookie.
@Controller('api')
export class CalendarController {
  constructor(private readonly calendars: CalendarService) {}

  @Get('opportunities/:id/calendar.ics')
  async opportunity(@Param() { id }: IdParamDto, @Res() reply: FastifyReply): Promise<void> {
    const { ics } = await this.calendars.opportunityCalendar(id);
    void reply
      .header('content-type', ICS_TYPE)
      .header('content-disposition', `attachment; filename="opportunity-${id}.ics"`)
      .header('cache-control', 'private, no-cache')
      .send(ics);
  }

  @Get('calendar/feed')
  feedUrl(@CurrentUser() user: Identity): Promise<CalendarFeedResponse> {
    return this.calendars.feedUrl(user.id);
  }

  @Delete('calendar/feed')
  resetFeed(@CurrentUser() user: Identity): Promise<CalendarFeedResponse> {
    return this.calendars.resetFeed(user.id);
  }

  @Public()
  @Get('calendar/feed/:file')
  async feed(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const ics = await this.calendars.feed(file);
    void reply
      .header('content-type', ICS_TYPE)
      .header('cache-control', 'private, no-cache')
      .header('x-robots-tag', 'noindex')
      .send(ics);
  }
}
