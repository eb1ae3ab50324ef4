import type { JoinCodeView } from '@district/contracts';
import type { JoinCode } from './join-code.entity';

export function toJoinCodeView(row: JoinCode, now: Date = new Date()): JoinCodeView {
  return {
    id: row.id,
    code: row.code,
    school: row.school,
    uses: row.uses,
    used: row.used,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    active: row.revokedAt === null && row.expiresAt > now && row.used < row.uses,
  };
}
