import {
  apiPaths,
  type PendingConsent,
  type PrivacySettings,
  type PrivacySettingsChange,
} from '@district/contracts';
import { apiRequest, i18n, queryClient, toast } from '@district/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

const privacySettingsKey = [apiPaths.privacySettings] as const;
const pendingConsentsKey = [apiPaths.adminConsents] as const;

// Issue 20: the district policy for new accounts (svc-auth, admins only, audited).
export const usePrivacySettings = () =>
  useQuery<PrivacySettings>({
    queryKey: privacySettingsKey,
    queryFn: async () =>
      (await (await apiRequest('GET', apiPaths.privacySettings)).json()) as PrivacySettings,
  });

// Failures fall to the query client's "Error" toast with the server's (translated) message.
export function useChangePrivacySettings() {
  return useMutation({
    mutationFn: async (change: PrivacySettingsChange) =>
      (await (
        await apiRequest('PATCH', apiPaths.privacySettings, change)
      ).json()) as PrivacySettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(privacySettingsKey, settings);
      toast({ title: i18n._('directory.settings.saved') });
      // The change is audited: the audit tab shows it next time.
      await queryClient.invalidateQueries({ queryKey: [apiPaths.audit] });
    },
  });
}

// Accounts waiting for a guardian, oldest request first as the server lists them.
export const usePendingConsents = () =>
  useQuery<PendingConsent[]>({
    queryKey: pendingConsentsKey,
    queryFn: async () =>
      (await (await apiRequest('GET', apiPaths.adminConsents)).json()) as PendingConsent[],
  });

export function useResendConsent() {
  return useMutation({
    mutationFn: async (consent: PendingConsent) => {
      await apiRequest('POST', apiPaths.adminConsentResend(consent.userId));
    },
    onSuccess: async (_void, consent) => {
      toast({ title: i18n._('directory.consents.resent', { email: consent.guardianEmail }) });
    },
    // A refusal (the limit reached meanwhile, consent given meanwhile) also refreshes the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingConsentsKey }),
  });
}
