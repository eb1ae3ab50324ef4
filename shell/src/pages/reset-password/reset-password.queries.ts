import { apiPaths } from '@district/contracts';
import { currentLanguage, messages } from '@district/ui';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

// SPEC §7: the reset call reads the body's `error` field, falling back to a fixed message. Our
// services answer `{statusCode, message}`, so `message` is read too (docs/architecture.md "Errors").
async function resetPassword(body: { token: string; newPassword: string }): Promise<unknown> {
  const res = await fetch(apiPaths.passwordReset, {
    method: 'POST',
    credentials: 'include',
    // Like the api client: the service answers in the language in use.
    headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage() },
    body: JSON.stringify(body),
  });
  const payload = (await res.json().catch(() => null)) as {
    error?: unknown;
    message?: unknown;
  } | null;
  if (!res.ok) {
    const reason = typeof payload?.error === 'string' ? payload.error : payload?.message;
    throw new Error(typeof reason === 'string' && reason ? reason : messages().toasts.resetFailed);
  }
  return payload;
}

type Callbacks = Pick<
  UseMutationOptions<unknown, Error, { token: string; newPassword: string }>,
  'onSuccess' | 'onError'
>;

export const useResetPassword = (callbacks: Callbacks) =>
  useMutation({ mutationFn: resetPassword, ...callbacks });
