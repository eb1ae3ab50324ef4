import { useLocation } from 'react-router-dom';

// /volunteer#opportunity-<id>: where the new-opportunity toast's "View" leads (issue 14.6).
export const opportunityAnchor = (id: number): string => `opportunity-${id}`;

function parseOpportunityAnchor(hash: string): number | undefined {
  const match = /^#opportunity-([1-9][0-9]{0,9})$/.exec(hash);
  return match ? Number(match[1]) : undefined;
}

// The opportunity the address points at, and a key that changes on every navigation to it (so
// "View" on a second toast for the same card scrolls there again).
export function useTargetOpportunity(): { id: number | undefined; key: string } {
  const location = useLocation();
  return { id: parseOpportunityAnchor(location.hash), key: location.key };
}
