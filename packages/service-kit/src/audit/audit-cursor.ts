// A position in the newest-first order (at DESC, id DESC). `at` is PostgreSQL's own text with
// microseconds, so a cursor never loses precision the way a JS Date would.
export interface AuditPosition {
  at: string;
  id: string;
}

export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

// undefined for anything that is not a cursor we wrote; callers answer 400.
export function decodeAuditCursor(cursor: string): AuditPosition | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string') return undefined;
    if (!/^\d{1,19}$/.test(id) || Number.isNaN(Date.parse(at))) return undefined;
    return { at, id };
  } catch {
    return undefined;
  }
}
