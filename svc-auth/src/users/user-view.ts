import type { Language, UserReplicaPayload } from '@district/contracts';

// The user as the screens see it (SPEC §3, §7): what /api/user, /api/login and /api/register answer.
export interface UserView {
  id: number;
  username: string;
  name: string;
  email: string;
  school: string;
  grade: number;
  avatarUrl: string | null;
  serviceHours: number;
  isAdmin: boolean;
  isSupervisor: boolean;
  directoryVisible: boolean;
  // Issue 20: waiting for a guardian's consent (consent_status 'pending').
  restricted: boolean;
  // Issue 22.
  language: Language;
}

export interface UserRow {
  id: number;
  username: string;
  name: string;
  email: string;
  school: string;
  grade: number;
  avatar_url: string | null;
  service_hours: string;
  is_admin: boolean;
  is_supervisor: boolean;
  directory_visible: boolean;
  consent_status: string | null;
  language: Language;
}

export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    school: row.school,
    grade: row.grade,
    avatarUrl: row.avatar_url,
    serviceHours: Number(row.service_hours),
    isAdmin: row.is_admin,
    isSupervisor: row.is_supervisor,
    directoryVisible: row.directory_visible,
    restricted: row.consent_status === 'pending',
    language: row.language,
  };
}

// What other services replicate (user.registered / user.updated): never username or e-mail.
// Issue 31: `active` false for an account a roster import deactivated; always the stored value
// (UsersRepository.findForEvent), true only for an account just created.
export function toUserEventPayload(user: UserView, active: boolean): UserReplicaPayload {
  return {
    id: user.id,
    name: user.name,
    school: user.school,
    grade: user.grade,
    avatarUrl: user.avatarUrl,
    isAdmin: user.isAdmin,
    isSupervisor: user.isSupervisor,
    // Issue 20: peers' lists in other services follow the student's choice.
    directoryVisible: user.directoryVisible,
    // Issue 22: producers and readers of notifications know each user's language.
    language: user.language,
    // Issue 20: no blog posts or photos, hidden from peers, until a guardian consents.
    restricted: user.restricted,
    active,
  };
}
