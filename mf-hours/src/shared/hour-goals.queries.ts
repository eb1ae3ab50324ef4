import { fieldErrorMap, hourGoalsPath, isApiError, type HourGoal } from '@district/contracts';
import { queryClient } from '@district/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { HOURS_KEY } from './hours.queries';
import { languageHeader } from './language';

// Issue 19, admins: the hour goals per grade (optionally per school). Only the admin's goals
// screen imports this file (its own chunk), so contracts' zod helpers stay out of other pages.

const HOUR_GOALS_KEY = [hourGoalsPath] as const;

export function useHourGoals() {
  return useQuery<HourGoal[], Error>({
    queryKey: HOUR_GOALS_KEY,
    queryFn: async ({ signal }) => {
      const res = await fetch(hourGoalsPath, {
        credentials: 'include',
        signal,
        headers: languageHeader(),
      });
      if (!res.ok) throw await saveError(res);
      return (await res.json()) as HourGoal[];
    },
  });
}

// A refused PUT: the server's message and, on a validation failure, one message per field
// ("0.hours", "2.school"), already in the language the request asked for.
export class HourGoalsError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function saveError(res: Response): Promise<HourGoalsError> {
  const body: unknown = await res.json().catch(() => null);
  if (isApiError(body)) return new HourGoalsError(body.message, fieldErrorMap(body));
  return new HourGoalsError(res.statusText || String(res.status));
}

// What the form sends: numbers typed as numbers (the body takes no "20", issue 29), anything
// else as typed (undefined: left empty); the server's schema checks them and names the field.
export interface HourGoalDraft {
  grade: unknown;
  school: string | null;
  hours: unknown;
  dueDate: string;
}

// PUT replaces the whole set; progress, filters and reports depend on it.
export function useSaveHourGoals() {
  return useMutation<HourGoal[], HourGoalsError, HourGoalDraft[]>({
    mutationFn: async (goals) => {
      const res = await fetch(hourGoalsPath, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', ...languageHeader() },
        body: JSON.stringify(goals),
      });
      if (!res.ok) throw await saveError(res);
      return (await res.json()) as HourGoal[];
    },
    // The screen shows failures beside the fields.
    meta: { errorToast: false },
    onSuccess: (goals) => {
      queryClient.setQueryData(HOUR_GOALS_KEY, goals);
      void queryClient.invalidateQueries({ queryKey: HOURS_KEY });
    },
  });
}
