import { apiPaths, type CreateJoinCodeInput, type JoinCodeView } from '@district/contracts';
import { apiRequest, i18n, queryClient, toast } from '@district/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

const joinCodesKey = [apiPaths.joinCodes] as const;

// Issue 31: the codes the caller may manage (the server lists a supervisor's own school only).
export const useJoinCodes = () =>
  useQuery<JoinCodeView[]>({
    queryKey: joinCodesKey,
    queryFn: async () =>
      (await (await apiRequest('GET', apiPaths.joinCodes)).json()) as JoinCodeView[],
  });

async function refreshAfterChange(): Promise<void> {
  // Each creation and revocation is audited: the audit tab shows it next time.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: joinCodesKey }),
    queryClient.invalidateQueries({ queryKey: [apiPaths.audit] }),
  ]);
}

// A refusal naming fields (400) is shown under them by the form; others toast.
export function useCreateJoinCode() {
  return useMutation({
    mutationFn: async (input: CreateJoinCodeInput) =>
      (await (await apiRequest('POST', apiPaths.joinCodes, input)).json()) as {
        id: number;
        code: string;
      },
    onSuccess: refreshAfterChange,
  });
}

export function useRevokeJoinCode() {
  return useMutation({
    mutationFn: async (code: JoinCodeView) => {
      await apiRequest('DELETE', apiPaths.joinCode(code.id));
    },
    onSuccess: async (_void, code) => {
      toast({ title: i18n._('directory.joinCodes.revoked', { code: code.code }) });
      await refreshAfterChange();
    },
    // Revoked meanwhile, or gone: the list shows the server's state either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: joinCodesKey }),
  });
}
