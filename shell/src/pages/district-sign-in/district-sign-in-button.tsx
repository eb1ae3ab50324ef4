import {
  DISTRICT_SESSION_HINT_COOKIE,
  DISTRICT_SIGN_IN_PATHS,
  type DistrictSignInOptions,
} from '@district/contracts';
import { Button, currentLanguage, useT } from '@district/ui';

export { ready } from './district-catalogue';

// Issue 31: "Sign in with <district account>", shown when the district's provider is configured.
// A plain link: the sign-in is a round of page navigations through the provider and back.
export function DistrictSignInButton({ options }: { options: DistrictSignInOptions }) {
  const { t } = useT();
  // Signed out of the platform after a district sign-in: the provider's own sign-out, offered.
  const offerProviderLogout =
    options.logoutUrl !== null &&
    document.cookie.split('; ').includes(`${DISTRICT_SESSION_HINT_COOKIE}=1`);
  return (
    <div className="district-sign-in">
      {offerProviderLogout && (
        <a
          className="text-link"
          href={options.logoutUrl ?? undefined}
          onClick={() => {
            document.cookie = `${DISTRICT_SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`;
          }}
        >
          {t('shell.district.providerLogout')}
        </a>
      )}
      <p className="district-sign-in__or muted">{t('shell.district.or')}</p>
      <Button asChild variant="outline" block>
        <a href={`${DISTRICT_SIGN_IN_PATHS.start}?lang=${currentLanguage()}`}>
          {t('shell.district.button', {
            account: options.accountName || t('shell.district.defaultAccount'),
          })}
        </a>
      </Button>
    </div>
  );
}
