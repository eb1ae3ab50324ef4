import { activeUserId } from '@district/service-kit';
import type { Opportunity, OpportunityStatus } from '@district/contracts';

export interface OpportunityRow {
  id: number;
  title: string;
  description: string;
  location: string;
  date: Date;
  endsAt: Date;
  spaces: number;
  filled: number;
  status: OpportunityStatus;
  signedUp?: boolean;
  seriesId?: string | null;
  waitlistPosition?: number | null;
  waitlistCount?: number;
}

// Issue 18, for one caller: their place in the waitlist (null when not waiting) and its length.
export function waitlistColumns(viewerParam: string, alias = 'o'): string {
  return `(SELECT count(*)::int FROM "waitlist_entries" w, "waitlist_entries" me
      WHERE me."opportunity_id" = ${alias}."id" AND me."user_id" = ${viewerParam}
        AND w."opportunity_id" = ${alias}."id" AND (w."created_at", w."id") <= (me."created_at", me."id")
        AND ${activeUserId('w."user_id"')}
    ) AS "waitlistPosition",
    (SELECT count(*)::int FROM "waitlist_entries" w
      WHERE w."opportunity_id" = ${alias}."id" AND ${activeUserId('w."user_id"')}) AS "waitlistCount"`;
}

// The columns every opportunity answer is built from.
export function opportunityColumns(alias = 'o'): string {
  return `${alias}."id", ${alias}."title", ${alias}."description", ${alias}."location", ${alias}."date",
    ${alias}."ends_at" AS "endsAt", ${alias}."spaces", ${alias}."filled", ${alias}."status",
    ${alias}."series_id" AS "seriesId"`;
}

// "signedUp" for one caller, from the same query (one index probe per row).
export function signedUpColumn(viewerParam: string, alias = 'o'): string {
  return `EXISTS (SELECT 1 FROM "signups" s WHERE s."opportunity_id" = ${alias}."id" AND s."user_id" = ${viewerParam}) AS "signedUp"`;
}

export function toOpportunity(row: OpportunityRow): Opportunity {
  const opportunity: Opportunity = {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    date: row.date.toISOString(),
    endsAt: row.endsAt.toISOString(),
    spaces: row.spaces,
    filled: row.filled,
    status: row.status,
  };
  if (row.signedUp !== undefined) opportunity.signedUp = row.signedUp;
  if (row.seriesId) opportunity.seriesId = row.seriesId;
  if (row.waitlistCount !== undefined) {
    // count() over no entry of the caller's is 0: not waiting.
    opportunity.waitlistPosition = row.waitlistPosition ? row.waitlistPosition : null;
    opportunity.waitlistCount = row.waitlistCount;
  }
  return opportunity;
}
