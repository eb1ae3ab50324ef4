import { Module } from '@nestjs/common';
import { REDIS, SERVICE_CONFIG, type Redis } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { SessionCookie } from './session-cookie.service';
import { SessionStore } from './session-store';

@Module({
  providers: [
    {
      provide: SessionStore,
      inject: [REDIS, SERVICE_CONFIG],
      useFactory: (redis: Redis, config: AuthConfig) =>
        new SessionStore(redis, config.BULLMQ_PREFIX),
    },
    SessionCookie,
  ],
  exports: [SessionStore, SessionCookie],
})
export class SessionsModule {}
