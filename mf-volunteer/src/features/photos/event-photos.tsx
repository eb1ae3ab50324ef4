import { EMPTY_TEXTS, type EventPhoto, type Opportunity } from '@district/contracts';
import { Badge, Spinner, useCurrentUser } from '@district/ui';
import { usePhotos } from '../volunteer/volunteer-queries';
import { PhotoImage } from './photo-image';
import { PhotoReviewButtons } from './photo-review-buttons';

const STATUS_BADGE: Record<
  EventPhoto['status'],
  { label: string; variant: 'warning' | 'highlight' | 'destructive' }
> = {
  pending: { label: 'Pending review', variant: 'warning' },
  approved: { label: 'Approved', variant: 'highlight' },
  rejected: { label: 'Rejected', variant: 'destructive' },
};

// Approved photos for everyone; the viewer's own pending ones marked pending; admins see all.
export function EventPhotos({ opportunity }: { opportunity: Opportunity }) {
  const user = useCurrentUser();
  const photos = usePhotos(opportunity.id);
  if (photos.isPending) return <Spinner size="sm" label="Loading photos" />;
  if (photos.isError) return <p className="opportunity__muted">Could not load the photos.</p>;
  if (photos.data.length === 0) return <p className="opportunity__muted">{EMPTY_TEXTS.photos}</p>;
  return (
    <ul className="photos">
      {photos.data.map((photo) => {
        const badge = STATUS_BADGE[photo.status];
        // Everyone sees approved photos plainly; anything else is labelled with its state.
        const showBadge = photo.status !== 'approved' || user?.isAdmin;
        return (
          <li key={photo.id} className="photo">
            <figure>
              <PhotoImage src={photo.photoUrl} caption={photo.caption} />
              <figcaption>
                {photo.caption ? <span className="photo__caption">{photo.caption}</span> : null}
                <span className="photo__by">by {photo.username}</span>
                {showBadge ? <Badge variant={badge.variant}>{badge.label}</Badge> : null}
              </figcaption>
            </figure>
            {user?.isAdmin ? <PhotoReviewButtons photo={photo} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
