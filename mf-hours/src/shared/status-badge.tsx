import { Badge, i18n, useT, type BadgeVariant } from '@district/ui';
import type { HoursSource, ReviewStatus } from '@district/contracts';

const VARIANTS: Record<ReviewStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'highlight',
  rejected: 'destructive',
};

// Catalogue keys: the words follow the language in use.
const LABELS: Record<ReviewStatus, string> = {
  pending: 'hours.status.pending',
  approved: 'hours.status.approved',
  rejected: 'hours.status.rejected',
};

// Entries made from attendance (issue 18) say how they were approved.
const SOURCE_LABELS: Record<Exclude<HoursSource, 'manual'>, string> = {
  roster: 'hours.status.roster',
  'check-in': 'hours.status.checkIn',
};

function statusLabel(status: ReviewStatus, source: HoursSource = 'manual'): string {
  return i18n._(source === 'manual' ? LABELS[status] : SOURCE_LABELS[source]);
}

export function StatusBadge({ status, source }: { status: ReviewStatus; source?: HoursSource }) {
  useT(); // re-renders on a language switch
  return <Badge variant={VARIANTS[status]}>{statusLabel(status, source)}</Badge>;
}
