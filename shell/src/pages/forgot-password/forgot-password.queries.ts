import { apiPaths } from '@district/contracts';
import { apiRequest } from '@district/ui';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

type Callbacks = Pick<
  UseMutationOptions<unknown, Error, { email: string }>,
  'onSuccess' | 'onError'
>;

export const useRequestPasswordReset = (callbacks: Callbacks) =>
  useMutation({
    mutationFn: async (body: { email: string }) =>
      (await apiRequest('POST', apiPaths.passwordResetRequest, body)).json() as Promise<unknown>,
    ...callbacks,
  });
