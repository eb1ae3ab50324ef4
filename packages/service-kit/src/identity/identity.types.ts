// What every protected handler knows about its caller (docs/architecture.md, Identity).
export interface Identity {
  id: number;
  isAdmin: boolean;
  isSupervisor: boolean;
  // The caller's display name and school as svc-auth read them with the roles, so a service can
  // show a just-registered user before its replica has the user.registered event (issue 15.9).
  name?: string;
  school?: string;
}

// 'student' is any signed-in user; 'supervisor' admits admins too (spec §6).
export type Role = 'student' | 'supervisor' | 'admin';

export const IDENTITY_HEADER = 'x-identity';
export const IDENTITY_ISSUER = 'svc-auth';
export const IDENTITY_AUDIENCE = 'district';
export const IDENTITY_TOKEN_TTL_SECONDS = 60;
export const IDENTITY_STRATEGY = 'identity';

export function hasRole(user: Identity, role: Role): boolean {
  if (role === 'admin') return user.isAdmin;
  if (role === 'supervisor') return user.isSupervisor || user.isAdmin;
  return true;
}
