// Issue 31: the one rule every list, figure and export of svc-volunteer, svc-hours and
// svc-content applies to the users replica: a person a roster import deactivated is not shown
// (their rows are kept, and show again once a later roster reactivates them). A user the replica
// has not heard of yet counts as active: only svc-auth's user.updated deactivates.

// For a replica row aliased `alias` and LEFT JOINed (NULL when not replicated yet).
export const activeReplicaUser = (alias = 'u'): string => `${alias}."active" IS NOT FALSE`;

// For a user id expression, without a join (one primary-key probe).
export const activeUserId = (idSql: string): string =>
  `NOT EXISTS (SELECT 1 FROM "users" inactive WHERE inactive."id" = ${idSql} AND NOT inactive."active")`;
