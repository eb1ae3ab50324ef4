// Issue 33.12, "new since your last visit": no server call records a visit, so the browser keeps,
// per account, the highest opportunity id the student has seen on home (ids only grow: anything
// above it was created since). Read once when home opens, written once the list has arrived.
// Without a record (first visit on this browser) every active opportunity counts as new.
const key = (userId: number) => `district.home.lastSeenOpportunity.${userId}`;

export function readLastSeenOpportunity(userId: number): number | null {
  try {
    const value = Number(localStorage.getItem(key(userId)));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeLastSeenOpportunity(userId: number, id: number): void {
  try {
    localStorage.setItem(key(userId), String(id));
  } catch {
    // Private mode or a full store: the next visit counts from the same point again.
  }
}
