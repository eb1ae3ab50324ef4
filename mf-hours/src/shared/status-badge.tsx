import { Badge, type BadgeVariant } from '@district/ui';
import type { HoursSource, ReviewStatus } from '@district/contracts';

const VARIANTS: Record<ReviewStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'highlight',
  rejected: 'destructive',
};

const LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

// Entries made from attendance (issue 18) say how they were approved.
const SOURCE_LABELS: Record<Exclude<HoursSource, 'manual'>, string> = {
  roster: 'Approved (attendance)',
  'check-in': 'Checked in',
};

export function statusLabel(status: ReviewStatus, source: HoursSource = 'manual'): string {
  return source === 'manual' ? LABELS[status] : SOURCE_LABELS[source];
}

export function StatusBadge({ status, source }: { status: ReviewStatus; source?: HoursSource }) {
  return <Badge variant={VARIANTS[status]}>{statusLabel(status, source)}</Badge>;
}
