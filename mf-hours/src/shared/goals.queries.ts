import type {
  BehindGoalBySchool,
  HoursReports,
  MyProgress,
  Page,
  StudentProgress,
} from '@district/contracts';
import { throwIfResNotOk } from '@district/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HOURS_KEY } from './hours.queries';
import { languageHeader } from './language';

// The paths as contracts' hour-goals.schema names them, written out so this page's bundle does
// not pull zod in.
const PROGRESS_PATH = '/api/service-hours/progress';
const STUDENTS_PATH = '/api/service-hours/students';
const BEHIND_GOAL_PATH = '/api/service-hours/behind-goal';
const EXPORT_PATH = '/api/service-hours/export.csv';
const REPORTS_PATH = '/api/service-hours/reports';

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal, headers: languageHeader() });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

function withQuery(path: string, params: Record<string, string | number | boolean | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== false) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

// Under HOURS_KEY: logging or reviewing hours refreshes progress too.
export function useMyProgress() {
  return useQuery<MyProgress, Error>({
    queryKey: [...HOURS_KEY, 'progress'],
    queryFn: ({ signal }) => getJson(PROGRESS_PATH, signal),
  });
}

// Issue 33: one page of Student Progress at a time, searched on the server; the page shown stays
// while the next one loads.
export const STUDENTS_PAGE_SIZE = 25;
export interface StudentProgressFilters {
  school: string | undefined;
  behindGoal: boolean;
  q: string;
  page: number;
}

export function useStudentProgress({ school, behindGoal, q, page }: StudentProgressFilters) {
  return useQuery<Page<StudentProgress>, Error>({
    queryKey: [...HOURS_KEY, 'students', school ?? '', behindGoal, q, page],
    queryFn: ({ signal }) =>
      getJson(
        withQuery(STUDENTS_PATH, {
          school,
          behindGoal,
          q,
          page: page > 1 ? page : undefined,
          pageSize: STUDENTS_PAGE_SIZE,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useBehindGoalBySchool(enabled: boolean) {
  return useQuery<BehindGoalBySchool, Error>({
    queryKey: [...HOURS_KEY, 'behind-goal'],
    queryFn: ({ signal }) => getJson(BEHIND_GOAL_PATH, signal),
    enabled,
  });
}

export function useHoursReports() {
  return useQuery<HoursReports, Error>({
    queryKey: [...HOURS_KEY, 'reports'],
    queryFn: ({ signal }) => getJson(REPORTS_PATH, signal),
  });
}

export interface ExportFilters {
  school?: string;
  status?: string;
  behindGoal?: boolean;
}

export const exportCsvUrl = (filters: ExportFilters) => withQuery(EXPORT_PATH, { ...filters });
export const reportCsvUrl = (report: string) => `${REPORTS_PATH}/${report}.csv`;
