import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import type { UserView } from './user-view';

// What the owner receives about themselves: their ref too, so screens can mark "You".
export type OwnUserView = UserView & { ref: string };

// Issue 20: peers never receive another student's id. Screens still need a stable key per user
// (React keys, the "You" badge), so each user has an opaque ref: an HMAC of the id, which no API
// accepts and which cannot be turned back into the id without the identity secret.
@Injectable()
export class UserRefs {
  private readonly key: Buffer;
  // Ids never change their ref: the directory rebuild asks for thousands at once.
  private readonly memo = new Map<number, string>();

  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    // A key of its own, derived from the identity secret, like the other svc-auth tokens.
    this.key = createHmac('sha256', config.IDENTITY_SECRET).update('directory-ref v1').digest();
  }

  of(id: number): string {
    let ref = this.memo.get(id);
    if (ref === undefined) {
      ref = createHmac('sha256', this.key)
        .update(`directory-ref:${id}`)
        .digest('base64url')
        .slice(0, 8);
      this.memo.set(id, ref);
    }
    return ref;
  }

  // The current user as /api/user, login, register and the owner's own changes answer it.
  withRef(user: UserView): OwnUserView {
    return { ...user, ref: this.of(user.id) };
  }
}
