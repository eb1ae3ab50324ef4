import { Body, Controller, Delete, HttpCode, Param, Patch } from '@nestjs/common';
import type { DirectoryUser } from '@district/contracts';
import { CurrentUser, IdParamDto, Roles, type Identity } from '@district/service-kit';
import { ChangeRolesDto, ChangeSchoolDto } from './admin-users.dto';
import { AdminUsersService } from './admin-users.service';

// Admins only (SPEC §6); the role guard answers 403 before any input is read.
@Roles('admin')
@Controller('api/users')
export class AdminUsersController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  // Answers the moved user as the directory shows them.
  @Patch(':id/school')
  changeSchool(
    @CurrentUser() actor: Identity,
    @Param() { id }: IdParamDto,
    @Body() body: ChangeSchoolDto,
  ): Promise<DirectoryUser> {
    return this.adminUsers.changeSchool(actor, id, body.school);
  }

  // Issue 9: answers the user's card with the new roles; effective on their next request.
  @Patch(':id/roles')
  changeRoles(
    @CurrentUser() actor: Identity,
    @Param() { id }: IdParamDto,
    @Body() body: ChangeRolesDto,
  ): Promise<DirectoryUser> {
    return this.adminUsers.changeRoles(actor, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async deleteUser(@CurrentUser() actor: Identity, @Param() { id }: IdParamDto): Promise<void> {
    await this.adminUsers.deleteUser(actor, id);
  }
}
