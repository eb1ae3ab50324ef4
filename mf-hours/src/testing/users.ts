import type { CurrentUser } from '@district/contracts';

export const SUPERVISOR_SCHOOL = 'Jesuit High School';

// The signed-in supervisor the /supervisor specs render the page for.
export const supervisor: CurrentUser = {
  id: 2,
  ref: 'ref-2',
  name: 'Sam Supervisor',
  username: 'sam',
  email: 'sam@example.org',
  school: SUPERVISOR_SCHOOL,
  grade: 12,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: false,
  isSupervisor: true,
  directoryVisible: true,
  restricted: false,
};
