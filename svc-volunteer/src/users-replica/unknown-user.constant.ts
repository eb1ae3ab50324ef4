// Shown for a signup or photo whose user.registered event has not reached this service yet.
export const UNKNOWN_USER_NAME = 'Unknown Student';
