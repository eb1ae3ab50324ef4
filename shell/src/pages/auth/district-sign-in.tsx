import { Suspense } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import { useDistrictSignInOptions } from './auth.queries';

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
