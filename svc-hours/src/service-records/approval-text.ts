import type { HoursText } from '../hours-catalogue';

// How an entry was approved, as signed into a record's content: a fixed English value (the data
// the signature covers). Readers see it in their language; an unknown value shows as signed.
export const SUPERVISOR_APPROVAL = 'Approved by a supervisor';

export function approvalText(t: HoursText, approval: string): string {
  return approval === SUPERVISOR_APPROVAL ? t('hours.record.approvedBySupervisor') : approval;
}
