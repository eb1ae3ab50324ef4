import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type {
  BehindGoalBySchool,
  HourGoal,
  MyProgress,
  Page,
  StudentProgress,
} from '@district/contracts';
import { CurrentUser, Roles, type Identity } from '@district/service-kit';
import { HourGoalsDto, StudentProgressQueryDto } from './goals.dto';
import { GoalsService } from './goals.service';

@Controller('api/hour-goals')
export class HourGoalsController {
  constructor(private readonly goals: GoalsService) {}

  // Every signed-in user may read the requirements.
  @Get()
  list(): Promise<HourGoal[]> {
    return this.goals.list();
  }

  @Put()
  @Roles('admin')
  replace(@CurrentUser() user: Identity, @Body() body: HourGoalsDto): Promise<HourGoal[]> {
    return this.goals.replace(user, body as unknown as HourGoal[]);
  }
}

@Controller('api/service-hours')
export class GoalProgressController {
  constructor(private readonly goals: GoalsService) {}

  // The caller's own progress toward their goal and approved hours per month.
  @Get('progress')
  progress(@CurrentUser() user: Identity): Promise<MyProgress> {
    return this.goals.progress(user);
  }

  @Get('students')
  @Roles('supervisor')
  students(@Query() query: StudentProgressQueryDto): Promise<Page<StudentProgress>> {
    return this.goals.students(query);
  }

  @Get('behind-goal')
  @Roles('supervisor')
  behindGoal(): Promise<BehindGoalBySchool> {
    return this.goals.behindBySchool();
  }
}
