import { OTHER_SCHOOL } from '@district/contracts';

// For an entry whose user.registered event has not reached svc-hours yet.
export const UNKNOWN_USER_NAME = 'Unknown Student';
export const UNKNOWN_SCHOOL_NAME = OTHER_SCHOOL;
