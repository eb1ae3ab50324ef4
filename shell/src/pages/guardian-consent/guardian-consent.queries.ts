import {
  apiPaths,
  type GuardianConsentDecision,
  type GuardianConsentRequest,
} from '@district/contracts';
import { apiRequest } from '@district/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

// What the guardian's link asks about; an unknown or used link is an error, not retried.
export const useGuardianConsentRequest = (token: string) =>
  useQuery<GuardianConsentRequest>({
    queryKey: [apiPaths.guardianConsent(token)],
    queryFn: async () => (await apiRequest('GET', apiPaths.guardianConsent(token))).json(),
    retry: false,
  });

export const useGuardianConsentDecision = (token: string) =>
  useMutation<void, Error, GuardianConsentDecision['decision']>({
    mutationFn: async (decision) => {
      await apiRequest('POST', apiPaths.guardianConsent(token), { decision });
    },
  });
