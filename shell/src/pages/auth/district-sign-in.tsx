import { DISTRICT_SIGN_IN_PATHS, type DistrictSignInOptions } from '@district/contracts';
import { apiRequest } from '@district/ui';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyPage } from '../../lib/lazy-page';

export function useDistrictSignInOptions() {
  return useQuery({
    queryKey: [DISTRICT_SIGN_IN_PATHS.options],
    queryFn: async () =>
      (await (
        await apiRequest('GET', DISTRICT_SIGN_IN_PATHS.options)
      ).json()) as DistrictSignInOptions,
    staleTime: Infinity,
  });
}

// The button and its texts load only where the district's sign-in is configured.
const DistrictSignInButton = lazyPage(() =>
  import('../district-sign-in/district-sign-in-button').then(async (m) => {
    await m.ready;
    return { default: m.DistrictSignInButton };
  }),
);

// Issue 31: "Sign in with <district account>" under the login form, when the district has one.
export function DistrictSignIn() {
  const options = useDistrictSignInOptions().data;
  if (!options?.enabled) return null;
  return (
    <Suspense fallback={null}>
      <DistrictSignInButton options={options} />
    </Suspense>
  );
}
