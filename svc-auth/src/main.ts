import 'reflect-metadata';
import { startService } from '@district/service-kit';
import { AppModule, SERVICE } from './app.module';
import { authConfigSchema } from './auth.config';

// HTTP API, the verify endpoint, the mail worker, the outbox relay and the hour-credit consumer.
void startService(AppModule.forRoot(), {
  service: SERVICE,
  configSchema: authConfigSchema,
  // request.ip (login throttling keys on it) believes X-Forwarded-For only from TRUSTED_PROXIES.
});
