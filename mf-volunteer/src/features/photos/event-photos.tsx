import type { EventPhoto, Opportunity } from '@district/contracts';
import { Badge, Spinner, useCurrentUser, useT } from '@district/ui';
import { usePhotos } from '../volunteer/volunteer.queries';
import { PhotoImage } from './photo-image';
import { PhotoReviewButtons } from './photo-review-buttons';

const STATUS_BADGE: Record<
  EventPhoto['status'],
  { key: string; variant: 'warning' | 'highlight' | 'destructive' }
> = {
  pending: { key: 'volunteer.photos.pending', variant: 'warning' },
  approved: { key: 'volunteer.photos.approved', variant: 'highlight' },
  rejected: { key: 'volunteer.photos.rejected', variant: 'destructive' },
};

// Approved photos for everyone; the viewer's own pending ones marked pending; admins see all.
export function EventPhotos({ opportunity }: { opportunity: Opportunity }) {
  const user = useCurrentUser();
  const photos = usePhotos(opportunity.id);
  const { t, m } = useT();
  if (photos.isPending) return <Spinner size="sm" label={t('volunteer.photos.loading')} />;
  if (photos.isError)
    return <p className="opportunity__muted">{t('volunteer.photos.loadFailed')}</p>;
  if (photos.data.length === 0) return <p className="opportunity__muted">{m.empty.photos}</p>;
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
                <span className="photo__by">
                  {t('volunteer.photos.by', { name: photo.username })}
                </span>
                {showBadge ? <Badge variant={badge.variant}>{t(badge.key)}</Badge> : null}
              </figcaption>
            </figure>
            {user?.isAdmin ? <PhotoReviewButtons photo={photo} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
