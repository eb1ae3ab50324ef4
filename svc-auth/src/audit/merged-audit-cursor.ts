import type { AuditPosition, AuditRecordView } from '@district/service-kit';

// A position in the merged order: newest first by (at, service, id). One position is enough to
// resume every source, so the cursor stays small however many services are merged.
export interface MergedPosition {
  at: string;
  service: string;
  id: string;
}

// Larger than any identity value, and smaller than any: bounds for the sources ranked around the
// cursor's own service at the same instant.
const ID_ABOVE_ALL = '9223372036854775807';
const ID_BELOW_ALL = '0';

export function encodeMergedCursor(position: MergedPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.service, position.id])).toString(
    'base64url',
  );
}

export function decodeMergedCursor(cursor: string): MergedPosition | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [at, service, id] = value as unknown[];
    if (typeof at !== 'string' || typeof service !== 'string' || typeof id !== 'string')
      return undefined;
    if (!/^\d{1,19}$/.test(id) || !/^[a-z][a-z0-9-]*$/.test(service)) return undefined;
    if (Number.isNaN(Date.parse(at))) return undefined;
    return { at, service, id };
  } catch {
    return undefined;
  }
}

// Where one source resumes: strictly after the merged position in the merged order.
export function sourceBound(service: string, position: MergedPosition): AuditPosition {
  if (service === position.service) return { at: position.at, id: position.id };
  // Same instant: services that sort after the cursor's still have all of that instant to give.
  return {
    at: position.at,
    id: service < position.service ? ID_ABOVE_ALL : ID_BELOW_ALL,
  };
}

export function rowIdOf(record: AuditRecordView): string {
  return record.id.slice(record.id.lastIndexOf(':') + 1);
}

// Newest first; equal instants by service then row id, both descending.
export function compareMerged(a: AuditRecordView, b: AuditRecordView): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.service !== b.service) return a.service < b.service ? 1 : -1;
  const ia = BigInt(rowIdOf(a));
  const ib = BigInt(rowIdOf(b));
  return ia === ib ? 0 : ia < ib ? 1 : -1;
}
