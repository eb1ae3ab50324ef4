import {
  apiPaths,
  usersBackupFileName,
  type ChangeRolesInput,
  type DirectoryUser,
  type SchoolName,
} from '@district/contracts';
import { apiRequest, messages, queryClient, toast } from '@district/ui';
import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';

const directoryKey: QueryKey = [apiPaths.directory];

// Issue 20: a student's list leaves out those who hid themselves, so the stat cards take the
// server's totals of everyone (response headers), kept beside the list they came with.
export interface DirectoryTotals {
  students: number;
  hours: number;
  schools: number;
}
const totalsByList = new WeakMap<readonly DirectoryUser[], DirectoryTotals>();

export function directoryTotals(users: readonly DirectoryUser[]): DirectoryTotals | undefined {
  return totalsByList.get(users);
}

function totalsFrom(headers: Headers): DirectoryTotals | undefined {
  const figures = [
    headers.get('x-total-students'),
    headers.get('x-total-service-hours'),
    headers.get('x-schools-with-students'),
  ].map((value) => (value === null || value === '' ? NaN : Number(value)));
  if (figures.some((n) => !Number.isFinite(n))) return undefined;
  const [students, hours, schools] = figures as [number, number, number];
  return { students, hours, schools };
}

export const useDirectory = () =>
  useQuery<DirectoryUser[]>({
    queryKey: directoryKey,
    queryFn: async () => {
      const response = await apiRequest('GET', apiPaths.directory);
      const users = (await response.json()) as DirectoryUser[];
      const totals = totalsFrom(response.headers);
      if (totals) totalsByList.set(users, totals);
      return users;
    },
    // A new list with the same cards may carry new totals: keep the new array.
    structuralSharing: false,
  });

function refreshDirectory(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: directoryKey });
}

// SPEC §8: the destructive "Error" toast with this area's own wording (as the avatar dialog does).
function failureToast(description: string): void {
  toast({ title: messages().toasts.errorTitle, description, variant: 'destructive' });
}

export function useChangeSchool() {
  return useMutation({
    mutationFn: async ({ id, school }: { id: number; school: SchoolName }) =>
      (await (
        await apiRequest('PATCH', apiPaths.userSchool(id), { school })
      ).json()) as DirectoryUser,
    onSuccess: async () => {
      toast({ title: messages().toasts.userSchoolUpdated });
      await refreshDirectory();
    },
    onError: () => failureToast(messages().toasts.schoolChangeFailed),
  });
}

// Issue 9. The refusal's own words (last admin, …) show under the failure title.
export function useChangeRoles() {
  return useMutation({
    mutationFn: async ({ id, roles }: { id: number; roles: ChangeRolesInput }) =>
      (await (await apiRequest('PATCH', apiPaths.userRoles(id), roles)).json()) as DirectoryUser,
    // The title in the language in use when the hook renders.
    meta: { errorTitle: messages().toasts.userRolesUpdateFailed },
    onSuccess: async () => {
      toast({ title: messages().toasts.userRolesUpdated });
      await Promise.all([
        refreshDirectory(),
        queryClient.invalidateQueries({ queryKey: [apiPaths.audit] }),
      ]);
    },
  });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', apiPaths.userById(id));
    },
    onSuccess: async () => {
      toast({ title: messages().toasts.userDeleted });
      await refreshDirectory();
    },
    onError: () => failureToast(messages().toasts.userDeleteFailed),
  });
}

// The name the server gave the file, else today's (both are users-backup-YYYY-MM-DD.json).
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match?.[1] ?? usersBackupFileName();
}

// fetch → Blob → a temporary link: the session cookie goes along and failures can be toasted,
// which a plain link to the file could do neither of.
export function useBackupDownload() {
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest('GET', apiPaths.backupUsers);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = fileNameOf(response);
        link.hidden = true;
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // Give the browser a moment to start the download before the blob goes.
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }
    },
    onSuccess: () => {
      toast({ title: messages().toasts.backupDownloaded });
    },
    onError: () => failureToast(messages().toasts.backupFailed),
  });
}
