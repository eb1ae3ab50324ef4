import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { UserView } from '../users/user-view';
import { AuthService } from './auth.service';

export const LOCAL_STRATEGY = 'local';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, LOCAL_STRATEGY) {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'username', passwordField: 'password', session: false });
  }

  // false → passport fails the request; LocalAuthGuard turns that into the 401 with our message.
  async validate(username: string, password: string): Promise<UserView | false> {
    return (await this.auth.checkCredentials(username, password)) ?? false;
  }
}
