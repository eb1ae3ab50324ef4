import { apiPaths, type CalendarFeedResponse } from '@district/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { sendJson } from '../volunteer/volunteer.queries';

const feedKey = [apiPaths.calendarFeed];

// The student's private feed address, read when the dialog opens.
export const useCalendarFeed = (enabled: boolean) =>
  useQuery<CalendarFeedResponse>({ queryKey: feedKey, enabled, staleTime: Infinity });

// A new address; the old one stops working.
export const useResetCalendarFeed = (onReset: (fresh: CalendarFeedResponse | null) => void) =>
  useMutation({
    mutationFn: () => sendJson<CalendarFeedResponse>('DELETE', apiPaths.calendarFeed),
    onSuccess: onReset,
  });
