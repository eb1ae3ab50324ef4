import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionCookie } from './session-cookie.service';
import { SessionStore } from './session-store';

// The one way a sign-in becomes a platform session (password login, registration, district
// sign-in): a previous session in this browser is replaced, not left behind.
@Injectable()
export class SignInSession {
  constructor(
    private readonly sessions: SessionStore,
    private readonly cookie: SessionCookie,
  ) {}

  async start(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    const previous = this.cookie.read(request);
    if (previous) await this.sessions.destroy(previous);
    this.cookie.set(reply, await this.sessions.create(userId));
  }
}
