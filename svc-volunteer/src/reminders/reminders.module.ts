import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SignupEntity } from '../signups/signup.entity';
import { ReminderSentEntity } from './reminder-sent.entity';
import { RemindersProcessor } from './reminders.processor';
import { RemindersRepository } from './reminders.repository';
import { REMINDERS_QUEUE, RemindersService } from './reminders.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([SignupEntity, ReminderSentEntity]),
    BullModule.registerQueue({ name: REMINDERS_QUEUE }),
  ],
  providers: [RemindersService, RemindersRepository, RemindersProcessor],
  exports: [RemindersService],
})
export class RemindersModule {}
