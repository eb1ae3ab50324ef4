import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ROLES_KEY } from './identity.decorators';
import { hasRole, type Identity, type Role } from './identity.types';

// Runs after IdentityGuard; enforces @Roles() on the server whatever the UI shows (spec §6).
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles || roles.length === 0) return true;
    const user = context.switchToHttp().getRequest<{ user?: Identity }>().user;
    if (!user) throw new UnauthorizedException();
    if (!roles.some((role) => hasRole(user, role))) throw new ForbiddenException();
    return true;
  }
}
