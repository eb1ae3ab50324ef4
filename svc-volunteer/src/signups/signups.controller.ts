import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import type { Opportunity, SignupEntry } from '@district/contracts';
import { CurrentUser, IdParam, type Identity } from '@district/service-kit';
import { SignupsService } from './signups.service';

// Any signed-in user (student, supervisor or admin) signs up for themselves only.
@Controller('api/opportunities/:id')
export class SignupsController {
  constructor(private readonly signups: SignupsService) {}

  @Get('signups')
  list(@CurrentUser() user: Identity, @IdParam() id: number): Promise<SignupEntry[]> {
    return this.signups.list(id, user.id);
  }

  @Post('signup')
  @HttpCode(201)
  signUp(@CurrentUser() user: Identity, @IdParam() id: number): Promise<Opportunity> {
    return this.signups.signUp(id, user);
  }

  // Beyond the spec: withdraw, which frees the spot.
  @Delete('signup')
  @HttpCode(200)
  withdraw(@CurrentUser() user: Identity, @IdParam() id: number): Promise<Opportunity> {
    return this.signups.withdraw(id, user.id);
  }
}
