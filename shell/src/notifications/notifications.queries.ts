import { apiPaths, type NotificationItem, type Opportunity } from '@district/contracts';
import { apiRequest } from '@district/ui';

// Issue 33: a "New Volunteer Opportunity!" toast must still be true when it shows. The stream
// replays what came in the last minutes when it connects, so on load a supervisor could be told
// about an event an admin had since archived or deleted, or one already over. Asked of the active
// list (the same ETag-validated read the /volunteer page makes; a plain request, not the query
// cache, whose scheduling waits on timers): the toast shows only while the opportunity is there
// and not over. When the list cannot be read, the toast shows as before.
export async function isStillOpen(item: NotificationItem, now = Date.now()): Promise<boolean> {
  const id = item.data.opportunityId;
  if (id === undefined) return true;
  let active: unknown;
  try {
    active = await (await apiRequest('GET', apiPaths.opportunitiesByStatus('active'))).json();
  } catch {
    return true;
  }
  if (!Array.isArray(active)) return true;
  const found = (active as Opportunity[]).find((opportunity) => opportunity.id === id);
  return found !== undefined && Date.parse(found.endsAt ?? found.date) > now;
}
