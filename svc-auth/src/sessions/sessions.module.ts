import { Module } from '@nestjs/common';
import { REDIS, SERVICE_CONFIG, type Redis } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { SessionCookie } from './session-cookie.service';
import { SessionStore } from './session-store';
import { SignInSession } from './sign-in-session';

@Module({
  providers: [
    {
      provide: SessionStore,
      inject: [REDIS, SERVICE_CONFIG],
      useFactory: (redis: Redis, config: AuthConfig) =>
        new SessionStore(redis, config.BULLMQ_PREFIX),
    },
    SessionCookie,
    SignInSession,
  ],
  exports: [SessionStore, SessionCookie, SignInSession],
})
export class SessionsModule {}
