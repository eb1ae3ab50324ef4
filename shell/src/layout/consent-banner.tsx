import { AlertIcon, useT } from '@district/ui';

// Issue 20: a student under 13 whose guardian has not consented yet sees why the account is
// limited and what has to happen, on every page until the guardian answers.
export function ConsentBanner() {
  const { m } = useT();
  return (
    <section className="consent-banner" role="status" aria-labelledby="consent-banner-title">
      <AlertIcon />
      <div>
        <h2 id="consent-banner-title" className="consent-banner__title">
          {m.consent.bannerTitle}
        </h2>
        <p>{m.consent.bannerText}</p>
      </div>
    </section>
  );
}
