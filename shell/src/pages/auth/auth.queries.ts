import {
  apiPaths,
  DISTRICT_SIGN_IN_PATHS,
  type DistrictSignInOptions,
  type RegisterOptions,
} from '@district/contracts';
import { apiRequest } from '@district/ui';
import { useQuery } from '@tanstack/react-query';

// The district's consent mode (issue 20) and registration policy (issue 31): which register form
// to show.
export const useRegisterOptions = () =>
  useQuery<RegisterOptions>({
    queryKey: [apiPaths.registerOptions],
    queryFn: async () => (await apiRequest('GET', apiPaths.registerOptions)).json(),
    staleTime: 60_000,
  });

// Issue 31: whether the district's sign-in is offered, and what to call it.
export const useDistrictSignInOptions = () =>
  useQuery({
    queryKey: [DISTRICT_SIGN_IN_PATHS.options],
    queryFn: async () =>
      (await (
        await apiRequest('GET', DISTRICT_SIGN_IN_PATHS.options)
      ).json()) as DistrictSignInOptions,
    staleTime: Infinity,
  });
