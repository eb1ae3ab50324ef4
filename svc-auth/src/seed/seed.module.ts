import { Module } from '@nestjs/common';
import { OutboxService } from '@district/service-kit';
import { UsersModule } from '../users/users.module';
import { SeedService } from './seed.service';

@Module({ imports: [UsersModule], providers: [SeedService, OutboxService] })
export class SeedModule {}
