import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GoalProgressController, HourGoalsController } from './goals.controller';
import { GoalsRepository } from './goals.repository';
import { GoalsService } from './goals.service';
import { HourGoalEntity } from './hour-goal.entity';

@Module({
  imports: [TypeOrmModule.forFeature([HourGoalEntity])],
  controllers: [HourGoalsController, GoalProgressController],
  providers: [GoalsService, GoalsRepository],
})
export class GoalsModule {}
