import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Opportunity, WaitlistPlace } from '@district/contracts';
import { CurrentUser, IdParamDto, type Identity } from '@district/service-kit';
import { WaitlistService } from './waitlist.service';

// Issue 18: the caller's places in line, for the cards (the cached list is the same for all).
@Controller('api/opportunities/mine/waitlist')
export class MyWaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Get()
  mine(@CurrentUser() user: Identity): Promise<WaitlistPlace[]> {
    return this.waitlist.places(user.id);
  }
}

// Any signed-in user waits for themselves only.
@Controller('api/opportunities/:id/waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Post()
  @HttpCode(200)
  join(@CurrentUser() user: Identity, @Param() { id }: IdParamDto): Promise<Opportunity> {
    return this.waitlist.join(id, user);
  }

  @Delete()
  @HttpCode(200)
  leave(@CurrentUser() user: Identity, @Param() { id }: IdParamDto): Promise<Opportunity> {
    return this.waitlist.leave(id, user.id);
  }
}
