import { OTHER_SCHOOL } from '@district/contracts';

// Shown for a row whose user.registered event has not reached this service yet.
export const UNKNOWN_USER_NAME = 'Unknown Student';
export const UNKNOWN_SCHOOL_NAME = OTHER_SCHOOL;
