import 'reflect-metadata';
import { startService } from '@district/service-kit';
import { AppModule, SERVICE } from './app.module';
import { hoursConfigSchema } from './hours.config';

// HTTP API, the outbox relay (hours.approved) and the user.* replica consumer.
void startService(AppModule.forRoot(), { service: SERVICE, configSchema: hoursConfigSchema });
