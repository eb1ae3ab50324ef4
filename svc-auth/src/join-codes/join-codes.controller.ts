import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { JoinCodeView } from '@district/contracts';
import { CurrentUser, IdParamDto, Roles, type Identity } from '@district/service-kit';
import { CreateJoinCodeDto } from './join-codes.dto';
import { JoinCodesService } from './join-codes.service';

// Issue 31: supervisors (their own school) and admins (any school).
@Roles('supervisor')
@Controller('api/admin/join-codes')
export class JoinCodesController {
  constructor(private readonly joinCodes: JoinCodesService) {}

  @Post()
  @HttpCode(201)
  create(
    @CurrentUser() actor: Identity,
    @Body() body: CreateJoinCodeDto,
  ): Promise<{ id: number; code: string }> {
    return this.joinCodes.create(actor, body);
  }

  @Get()
  list(@CurrentUser() actor: Identity): Promise<JoinCodeView[]> {
    return this.joinCodes.list(actor);
  }

  @Delete(':id')
  @HttpCode(204)
  async revoke(@CurrentUser() actor: Identity, @Param() { id }: IdParamDto): Promise<void> {
    await this.joinCodes.revoke(actor, id);
  }
}
