import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { AttendanceRecord, CheckInCode, RosterEntry } from '@district/contracts';
import { CurrentUser, IdParamDto, Roles, type Identity } from '@district/service-kit';
import { AttendanceDto, AttendanceParamDto, CheckInDto } from './attendance.dto';
import { AttendanceService } from './attendance.service';

// Issue 18: the admin's roster and check-in code; the student's check-in.
@Controller('api/opportunities/:id')
export class AttendanceController {
  constructor(private readonly attendance: AttendanceService) {}

  @Get('roster')
  @Roles('admin')
  roster(@Param() { id }: IdParamDto): Promise<RosterEntry[]> {
    return this.attendance.roster(id);
  }

  @Put('attendance/:userId')
  @Roles('admin')
  mark(
    @CurrentUser() admin: Identity,
    @Param() { id, userId }: AttendanceParamDto,
    @Body() body: AttendanceDto,
  ): Promise<AttendanceRecord> {
    return this.attendance.mark(admin, id, userId, body.attended);
  }

  @Get('check-in-code')
  @Roles('admin')
  checkInCode(@Param() { id }: IdParamDto): Promise<CheckInCode> {
    return this.attendance.currentCode(id);
  }

  @Post('check-in')
  @HttpCode(200)
  checkIn(
    @CurrentUser() user: Identity,
    @Param() { id }: IdParamDto,
    @Body() body: CheckInDto,
  ): Promise<AttendanceRecord> {
    return this.attendance.checkIn(user, id, body);
  }
}
