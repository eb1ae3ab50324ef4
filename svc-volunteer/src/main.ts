import 'reflect-metadata';
import { startService } from '@district/service-kit';
import { AppModule, SERVICE } from './app.module';
import { volunteerConfigSchema } from './volunteer.config';

void startService(AppModule.forRoot(), { service: SERVICE, configSchema: volunteerConfigSchema });
