// Issue 33: admins and supervisors are staff, never students: no student list, total or goal
// counts them, whatever school or grade their account carries.
export function isStaff(user: { isAdmin: boolean; isSupervisor: boolean }): boolean {
  return user.isAdmin || user.isSupervisor;
}
