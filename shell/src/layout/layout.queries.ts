import { apiPaths, AVATAR_FIELD, type CurrentUser } from '@district/contracts';
import { apiRequest } from '@district/ui';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

// What a screen does with an answer: the toast, the dialog, the store.
type Callbacks<T, V> = Pick<UseMutationOptions<T, Error, V>, 'onSuccess' | 'onError'>;

async function uploadAvatar(file: File): Promise<void> {
  const form = new FormData();
  form.append(AVATAR_FIELD, file);
  await apiRequest('PATCH', apiPaths.userAvatar, form);
}

export const useUploadAvatar = (callbacks: Callbacks<void, File>) =>
  useMutation({ mutationFn: uploadAvatar, ...callbacks });

export const useDirectoryVisibility = (callbacks: Callbacks<CurrentUser, boolean>) =>
  useMutation({
    mutationFn: async (directoryVisible: boolean) =>
      (await (
        await apiRequest('PATCH', apiPaths.userPrivacy, { directoryVisible })
      ).json()) as CurrentUser,
    ...callbacks,
  });

// Deleting one's own account asks for the password again.
export const useDeleteAccount = (callbacks: Callbacks<void, string>) =>
  useMutation({
    mutationFn: async (password: string) => {
      await apiRequest('POST', apiPaths.userDelete, { password });
    },
    ...callbacks,
  });
