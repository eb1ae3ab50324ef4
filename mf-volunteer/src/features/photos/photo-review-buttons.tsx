import { type EventPhoto } from '@district/contracts';
import { Button, useT } from '@district/ui';
import { useReviewPhoto } from './photos.queries';

// Admin moderation: Approve and Reject on pending photos; an approved photo can still be
// rejected (hidden) and a rejected one approved.
export function PhotoReviewButtons({ photo }: { photo: EventPhoto }) {
  const { t } = useT();
  const review = useReviewPhoto(photo);
  const label = photo.caption ?? t('volunteer.photos.numbered', { id: photo.id });
  return (
    <div className="photo__review">
      {photo.status !== 'approved' ? (
        <Button size="sm" onClick={() => review.mutate('approved')} disabled={review.isPending}>
          {t('volunteer.photos.approve')}
          <span className="ui-sr-only"> {label}</span>
        </Button>
      ) : null}
      {photo.status !== 'rejected' ? (
        <Button
          size="sm"
          variant="destructive"
          onClick={() => review.mutate('rejected')}
          disabled={review.isPending}
        >
          {t('volunteer.photos.reject')}
          <span className="ui-sr-only"> {label}</span>
        </Button>
      ) : null}
    </div>
  );
}
