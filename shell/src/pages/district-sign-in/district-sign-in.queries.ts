import {
  DISTRICT_SIGN_IN_PATHS,
  type CurrentUser,
  type DistrictPendingLink,
} from '@district/contracts';
import { apiRequest, setCurrentUser, toastError } from '@district/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

// The platform account waiting for its owner's password (404 when none: too late, or another
// browser).
export const usePendingDistrictLink = () =>
  useQuery({
    queryKey: [DISTRICT_SIGN_IN_PATHS.link],
    queryFn: async () =>
      (await (await apiRequest('GET', DISTRICT_SIGN_IN_PATHS.link)).json()) as DistrictPendingLink,
    retry: false,
  });

// The password confirms the link; then home, signed in.
export function useDistrictLink() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (body: { password: string }) =>
      (await (await apiRequest('POST', DISTRICT_SIGN_IN_PATHS.link, body)).json()) as CurrentUser,
    onSuccess: (user) => {
      setCurrentUser(user);
      void navigate('/', { replace: true });
    },
    onError: (error) => toastError(error),
  });
}

// "I never made a password here": the service mails a one-time link to the account's address.
export const useDistrictClaim = () =>
  useMutation({
    mutationFn: async () => {
      await apiRequest('POST', DISTRICT_SIGN_IN_PATHS.claim);
    },
    onError: (error) => toastError(error),
  });
