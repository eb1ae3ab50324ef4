import 'reflect-metadata';
import { startService } from '@district/service-kit';
import { AppModule, SERVICE } from './app.module';

// HTTP API (blog posts) and the user.* replica consumer.
void startService(AppModule.forRoot(), { service: SERVICE });
