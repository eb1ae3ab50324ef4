import 'reflect-metadata';
import { startService } from '@district/service-kit';
import { AppModule } from './app.module';
import { authConfigSchema } from './config/auth-config';

// HTTP API, the verify endpoint, the mail worker, the outbox relay and the hour-credit consumer.
void startService(AppModule, {
  service: 'svc-auth',
  configSchema: authConfigSchema,
  // Exactly one proxy (nginx) in front: request.ip is the address nginx saw, which a client
  // cannot forge by sending its own X-Forwarded-For (login throttling keys on it).
  trustProxy: 1,
});
