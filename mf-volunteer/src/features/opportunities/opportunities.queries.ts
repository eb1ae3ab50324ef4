import { apiPaths, type Opportunity } from '@district/contracts';
import { messages } from '@district/ui';
import { sendJson, useVolunteerChange } from '../volunteer/volunteer.queries';

// The admin's changes to opportunities and a student's sign-ups and waitlist places; every one
// refreshes the area's reads (useVolunteerChange).

export const useCreateOpportunity = (
  onDone: () => void,
  afterRefresh: (created: Opportunity | null) => void,
) =>
  useVolunteerChange<Record<string, unknown>, Opportunity>({
    send: (body) => sendJson<Opportunity>('POST', apiPaths.opportunities, body),
    toastTitle: (_created, body) => {
      const count = Number(body.repeatWeeks ?? 1);
      const texts = messages();
      return count > 1
        ? texts.opportunityEdit.seriesCreated(count)
        : texts.toasts.opportunityCreated;
    },
    onDone,
    afterRefresh,
  });

export const useUpdateOpportunity = (opportunityId: number, onDone: () => void) =>
  useVolunteerChange<Record<string, unknown>, Opportunity>({
    send: (body) => sendJson<Opportunity>('PATCH', apiPaths.opportunity(opportunityId), body),
    toastTitle: () => messages().opportunityEdit.opportunityUpdated,
    onDone,
    refreshOnError: true,
  });

// Admin only: to "Past Events & Photos" (the daily job does it for past dates).
export const useArchiveOpportunity = (opportunityId: number) =>
  useVolunteerChange({
    send: () =>
      sendJson<Opportunity>('PATCH', apiPaths.opportunityStatus(opportunityId), {
        status: 'archived',
      }),
    toastTitle: () => messages().toasts.opportunityArchived,
  });

export const useDeleteOpportunity = (opportunityId: number) =>
  useVolunteerChange({
    send: () => sendJson('DELETE', apiPaths.opportunity(opportunityId)),
    toastTitle: () => messages().toasts.opportunityDeleted,
  });

export const useSignUp = (opportunityId: number) =>
  useVolunteerChange({
    send: () => sendJson<Opportunity>('POST', apiPaths.opportunitySignup(opportunityId)),
    toastTitle: () => messages().toasts.signedUp,
    refreshOnError: true,
  });

export const useWithdraw = (opportunityId: number) =>
  useVolunteerChange({
    send: () => sendJson<Opportunity>('DELETE', apiPaths.opportunitySignup(opportunityId)),
    toastTitle: () => messages().toasts.signupWithdrawn,
    refreshOnError: true,
  });

export const useJoinWaitlist = (opportunityId: number) =>
  useVolunteerChange({
    send: () => sendJson<Opportunity>('POST', apiPaths.opportunityWaitlist(opportunityId)),
    toastTitle: () => messages().toasts.waitlistJoined,
    refreshOnError: true,
  });

export const useLeaveWaitlist = (opportunityId: number) =>
  useVolunteerChange({
    send: () => sendJson<Opportunity>('DELETE', apiPaths.opportunityWaitlist(opportunityId)),
    toastTitle: () => messages().toasts.waitlistLeft,
    refreshOnError: true,
  });
