import { apiPaths, type RosterImportResult } from '@district/contracts';
import { apiRequest, queryClient } from '@district/ui';
import { useMutation } from '@tanstack/react-query';

export interface RosterUpload {
  orgs: File;
  users: File;
  teachers: 'none' | 'supervisor';
  administrators: 'none' | 'supervisor' | 'admin';
  // true: the preview, nothing applied.
  dryRun: boolean;
}

// Issue 31: POST the OneRoster files as multipart; a roster with bad lines answers 400 with each
// line in the error's `errors`, which the screen lists (no toast).
export function useRosterImport() {
  return useMutation({
    mutationFn: async (upload: RosterUpload) => {
      const body = new FormData();
      body.append('orgs', upload.orgs);
      body.append('users', upload.users);
      const query = new URLSearchParams({
        dryRun: String(upload.dryRun),
        teachers: upload.teachers,
        administrators: upload.administrators,
      });
      const response = await apiRequest('POST', `${apiPaths.rosters}?${query}`, body);
      return (await response.json()) as RosterImportResult;
    },
    meta: { errorToast: false },
    onSuccess: async (result) => {
      // Applied: accounts were created, moved or deactivated.
      if (result.applied)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [apiPaths.directory] }),
          queryClient.invalidateQueries({ queryKey: [apiPaths.audit] }),
        ]);
    },
  });
}
