import {
  apiPaths,
  serviceHoursProgressPath,
  serviceHoursSummaryPath,
  type BlogPost,
  type MyProgress,
  type Opportunity,
  type Page,
  type ServiceHoursSummary,
} from '@district/contracts';
import { useQuery } from '@tanstack/react-query';

// Issue 33.12: what home shows below the spec's three cards. Every read is an existing call, keyed
// by its URL as the areas key them, so home and /volunteer or /service-hours share one cache (and
// their refreshes after a change reach home too). Each block reads on its own: one service down
// leaves the others working.

// The active list (the same key mf-volunteer uses) and the ids the student signed up for.
export const useActiveOpportunities = (enabled = true) =>
  useQuery<Opportunity[]>({ queryKey: [apiPaths.opportunitiesByStatus('active')], enabled });

export const useMySignupIds = () => useQuery<number[]>({ queryKey: [apiPaths.mySignups] });

// Approved hours and the goal, as /service-hours shows them.
export const useMyProgress = () => useQuery<MyProgress>({ queryKey: [serviceHoursProgressPath] });

// Supervisors and admins: entries waiting for review (the counts of the supervisor page).
export const useHoursSummary = (enabled: boolean) =>
  useQuery<ServiceHoursSummary>({ queryKey: [serviceHoursSummaryPath], enabled });

// Admins: blog posts waiting for review, as one page of one item whose total is the count.
export const usePendingPostCount = (enabled: boolean) =>
  useQuery<Page<BlogPost>, Error, number>({
    queryKey: [`${apiPaths.blogPosts}?status=pending&pageSize=1`],
    select: (page) => page.total,
    enabled,
  });
