import { apiPaths, type EventPhoto, type ReviewDecision } from '@district/contracts';
import { Button, messages, toast, useT } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';

// Admin moderation: Approve and Reject on pending photos; an approved photo can still be
// rejected (hidden) and a rejected one approved.
export function PhotoReviewButtons({ photo }: { photo: EventPhoto }) {
  const { t } = useT();
  const review = useMutation({
    mutationFn: (status: ReviewDecision) =>
      sendJson<EventPhoto>(
        'PATCH',
        apiPaths.opportunityPhotoStatus(photo.opportunityId, photo.id),
        { status },
      ),
    onSuccess: async () => {
      toast({ title: messages().toasts.photoStatusUpdated });
      await refreshVolunteerData();
    },
  });
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
