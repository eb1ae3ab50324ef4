import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from '@jest/globals';
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

  it('carries the display name and school when svc-auth gives them (any text, accents included)', () => {
    const named = { ...student, name: 'Zoë Nguyễn', school: 'Grand Isle School' };
    expect(verifyIdentityToken(signIdentityToken(named, secret), secret)).toEqual(named);
  });

  it('expires', () => {
    const token = signIdentityToken(student, secret, { expiresInSeconds: -1 });
    expect(verifyIdentityToken(token, secret)).toBeNull();
  });

  it('is a standard HS256 JWT: jsonwebtoken reads ours and ours reads its', () => {
    const ours = signIdentityToken(supervisor, secret);
    expect(
      jwt.verify(ours, secret, { algorithms: ['HS256'], issuer: 'svc-auth', audience: 'district' }),
    ).toMatchObject({
      sub: '2',
      adm: false,
      sup: true,
    });
    const theirs = jwt.sign({ sub: '3', adm: true, sup: false }, secret, {
      algorithm: 'HS256',
      issuer: 'svc-auth',
      audience: 'district',
      expiresIn: 60,
    });
    expect(verifyIdentityToken(theirs, secret)).toEqual(admin);
  });

  it('refuses another algorithm, a changed payload or signature, no expiry and garbage', () => {
    const options = { issuer: 'svc-auth', audience: 'district', expiresIn: 60 } as const;
    const hs512 = jwt.sign({ sub: '3', adm: true }, secret, { ...options, algorithm: 'HS512' });
    const noExpiry = jwt.sign({ sub: '3', adm: true }, secret, {
      algorithm: 'HS256',
      issuer: 'svc-auth',
      audience: 'district',
    });
    const token = signIdentityToken(student, secret);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const promoted = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), adm: true }),
    ).toString('base64url');
    const lastChar = signature.at(-1) === 'A' ? 'B' : 'A';
    for (const bad of [
      hs512,
      noExpiry,
      `${header}.${promoted}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -1)}${lastChar}`,
      `${header}.${payload}.${signature}x`,
      `${header}.${payload}`,
      '',
      'a.b.c',
      '..',
    ]) {
      expect(verifyIdentityToken(bad, secret)).toBeNull();
    }
  });
});
