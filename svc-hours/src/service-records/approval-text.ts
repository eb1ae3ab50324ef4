import type { RecordVerification, ServiceRecordEntry } from '@district/contracts';
import type { HoursText } from '../hours-catalogue';
import type { ApprovedEntryRow } from './service-records.repository';

// How an entry was approved, as signed into a record's content: a fixed English value (the data
// the signature covers). Readers see it in their language; an unknown value shows as signed.
const SUPERVISOR_APPROVAL = 'Approved by a supervisor';

// Issue 33: what the record says of an entry: the organisation or event, and how it was verified
// (the organisation's confirmation first, then the event's attendance, else a supervisor).
export function recordEntryOf(row: ApprovedEntryRow): ServiceRecordEntry {
  const verification: RecordVerification =
    row.decision === 'confirmed' && row.organisation
      ? 'organisation'
      : row.source === 'check-in' || row.source === 'roster'
        ? row.source
        : 'supervisor';
  const activity = row.organisation ?? row.event ?? row.description;
  return {
    date: row.date,
    hours: Number(row.hours),
    activity,
    approval: ENGLISH[verification](activity),
    verification,
  };
}

const ENGLISH: Record<RecordVerification, (activity: string) => string> = {
  organisation: (organisation) => `Confirmed by ${organisation}`,
  'check-in': () => 'Checked in at the event',
  roster: () => 'Marked present by a supervisor',
  supervisor: () => SUPERVISOR_APPROVAL,
};

export function approvalText(
  t: HoursText,
  entry: Pick<ServiceRecordEntry, 'approval' | 'verification' | 'activity'>,
): string {
  switch (entry.verification) {
    case 'organisation':
      return t('hours.record.confirmedBy', { organisation: entry.activity });
    case 'check-in':
      return t('hours.record.checkedIn');
    case 'roster':
      return t('hours.record.markedPresent');
    case 'supervisor':
      return t('hours.record.approvedBySupervisor');
    default:
      return entry.approval === SUPERVISOR_APPROVAL
        ? t('hours.record.approvedBySupervisor')
        : entry.approval;
  }
}
