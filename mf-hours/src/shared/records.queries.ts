import {
  apiPaths,
  type IssuedServiceRecord,
  type ServiceRecordPdfCheck,
  type ServiceRecordView,
} from '@district/contracts';
import { apiRequest, currentLanguage, throwIfResNotOk } from '@district/ui';
import { languageHeader } from './language';
import { useMutation, useQuery } from '@tanstack/react-query';

// Official service records (issue 19): issuing (signed in) and the public look-up and PDF check.

export function useIssueServiceRecord() {
  return useMutation<IssuedServiceRecord, Error, void>({
    mutationFn: async () => (await apiRequest('POST', apiPaths.serviceRecords, {})).json(),
    // The card shows a failure inline.
    meta: { errorToast: false },
  });
}

// null: no such record (404), which the page says plainly rather than as an error.
export function useServiceRecord(code: string) {
  return useQuery<ServiceRecordView | null, Error>({
    // Per language: how each entry was approved is worded by the server.
    queryKey: [apiPaths.serviceRecord(code), currentLanguage()],
    queryFn: async ({ signal }) => {
      const res = await fetch(apiPaths.serviceRecord(code), { signal, headers: languageHeader() });
      if (res.status === 404) return null;
      await throwIfResNotOk(res);
      return (await res.json()) as ServiceRecordView;
    },
    retry: false,
  });
}

// The dropped file goes as it is (application/pdf), so its bytes are what the server hashes.
export function useCheckRecordPdf() {
  return useMutation<ServiceRecordPdfCheck, Error, File>({
    mutationFn: async (file) => {
      const res = await fetch(apiPaths.serviceRecordVerify, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf', ...languageHeader() },
        body: file,
      });
      await throwIfResNotOk(res);
      return (await res.json()) as ServiceRecordPdfCheck;
    },
    meta: { errorToast: false },
  });
}
