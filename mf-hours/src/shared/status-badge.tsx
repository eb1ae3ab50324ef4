import { Badge, type BadgeVariant } from '@district/ui';
import type { ReviewStatus } from '@district/contracts';

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

export function StatusBadge({ status }: { status: ReviewStatus }) {
  return <Badge variant={VARIANTS[status]}>{LABELS[status]}</Badge>;
}
