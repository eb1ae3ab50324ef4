import {
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import type { Identity, Role } from './identity.types';

export const IS_PUBLIC_KEY = 'service-kit:public';
export const ROLES_KEY = 'service-kit:roles';

// Opens a route (or a whole controller) to callers without an identity token.
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

// Any one of the listed roles admits the caller; 'supervisor' admits admins too.
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Identity => {
    const user = context.switchToHttp().getRequest<{ user?: Identity }>().user;
    // Only reachable on a @Public() route that asks for the user anyway.
    if (!user) throw new UnauthorizedException();
    return user;
  },
);
