import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { signIdentityToken, verifyIdentityToken } from './identity-token';
import { Roles } from './identity.decorators';
import { RolesGuard } from './roles.guard';
import type { Identity } from './identity.types';

const secret = 's'.repeat(32);
const student: Identity = { id: 1, isAdmin: false, isSupervisor: false };
const supervisor: Identity = { id: 2, isAdmin: false, isSupervisor: true };
const admin: Identity = { id: 3, isAdmin: true, isSupervisor: false };

class Routes {
  @Roles('supervisor') review() {}
  @Roles('admin') destroy() {}
  @Roles('student') browse() {}
  open() {}
}

function contextFor(handler: keyof Routes, user?: Identity): ExecutionContext {
  return {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
}

describe(RolesGuard.name, () => {
  const sut = new RolesGuard(new Reflector());

  it('admits supervisors and admins to supervisor routes, only admins to admin routes (spec §6)', () => {
    expect(() => sut.canActivate(contextFor('review', student))).toThrow(ForbiddenException);
    expect(sut.canActivate(contextFor('review', supervisor))).toBe(true);
    expect(sut.canActivate(contextFor('review', admin))).toBe(true);
    expect(() => sut.canActivate(contextFor('destroy', supervisor))).toThrow(ForbiddenException);
    expect(sut.canActivate(contextFor('destroy', admin))).toBe(true);
  });

  it('admits any signed-in user to student routes and routes without @Roles', () => {
    expect(sut.canActivate(contextFor('browse', student))).toBe(true);
    expect(sut.canActivate(contextFor('open', student))).toBe(true);
  });
});

describe('identity token', () => {
  it('round-trips the caller and rejects another secret', () => {
    const token = signIdentityToken(admin, secret);
    expect(verifyIdentityToken(token, secret)).toEqual(admin);
    expect(verifyIdentityToken(token, 'o'.repeat(32))).toBeNull();
  });

  it('expires', () => {
    const token = signIdentityToken(student, secret, { expiresInSeconds: -1 });
    expect(verifyIdentityToken(token, secret)).toBeNull();
  });
});
