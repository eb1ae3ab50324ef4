import { ImageOffIcon, useT } from '@district/ui';
import { useState } from 'react';

// An event photo, or, when its URL fails (a dead link: photos are URLs the students typed), a
// placeholder of the same size that says so and keeps the caption as its name, instead of the
// browser's broken-image icon.
export function PhotoImage({ src, caption }: { src: string; caption: string | null }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const { t } = useT();
  if (failedSrc === src) {
    return (
      <div
        className="photo__placeholder"
        role="img"
        aria-label={
          caption
            ? t('volunteer.photos.unavailableNamed', { caption })
            : t('volunteer.photos.unavailable')
        }
      >
        <ImageOffIcon />
        <span aria-hidden="true">{t('volunteer.photos.unavailable')}</span>
      </div>
    );
  }
  return (
    <img
      // An image that failed before React attached its listener (from the cache) is caught here.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailedSrc(src);
      }}
      src={src}
      alt={caption ?? t('volunteer.photos.alt')}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
    />
  );
}
