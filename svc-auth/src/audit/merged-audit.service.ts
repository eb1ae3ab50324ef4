import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_MESSAGES } from '@district/contracts';
import {
  AuditService,
  encodeAuditCursor,
  IDENTITY_HEADER,
  LOGGER,
  schemaOf,
  SERVICE_CONFIG,
  type AuditFilter,
  type AuditPageView,
  type AuditRecordView,
  type Logger,
} from '@district/service-kit';
import { parseAuditUpstreams, type AuditConfig, type AuditUpstream } from './audit-upstreams';
import {
  compareMerged,
  encodeMergedCursor,
  rowIdOf,
  sourceBound,
  type MergedPosition,
} from './merged-audit-cursor';

const UPSTREAM_TIMEOUT_MS = 3000;

export interface MergedAuditQuery extends Omit<AuditFilter, 'before'> {
  after?: MergedPosition;
}

// GET /api/audit: svc-auth's own records plus every configured service's GET /internal/audit,
// merged newest first (a k-way merge of pages that are each already sorted).
@Injectable()
export class MergedAuditService {
  private readonly upstreams: AuditUpstream[];

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    @Inject(SERVICE_CONFIG) config: AuditConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.upstreams = parseAuditUpstreams(config.AUDIT_UPSTREAMS ?? '') ?? [];
  }

  async page(query: MergedAuditQuery, identityToken: string): Promise<AuditPageView> {
    const { after, ...filter } = query;
    const own = this.audit.service;
    const pages = await Promise.all([
      this.audit.page({ ...filter, before: after ? sourceBound(own, after) : undefined }),
      ...this.upstreams.map((upstream) =>
        this.fetchUpstream(
          upstream,
          {
            ...filter,
            before: after ? sourceBound(upstream.service, after) : undefined,
          },
          identityToken,
        ),
      ),
    ]);
    const merged = pages.flatMap((p) => p.items).sort(compareMerged);
    const items = merged.slice(0, filter.limit);
    const more = merged.length > filter.limit || pages.some((p) => p.nextCursor !== null);
    const last = items[items.length - 1];
    await this.attachActorNames(items);
    return {
      items,
      nextCursor:
        more && last
          ? encodeMergedCursor({ at: last.at, service: last.service, id: rowIdOf(last) })
          : null,
    };
  }

  // An unreachable service fails the page (503) rather than silently skipping its records: a
  // cursor that moved past them would hide them from every later page too.
  private async fetchUpstream(
    upstream: AuditUpstream,
    filter: AuditFilter,
    identityToken: string,
  ): Promise<AuditPageView> {
    const params = new URLSearchParams({ pageSize: String(filter.limit) });
    if (filter.actor !== undefined) params.set('actor', String(filter.actor));
    if (filter.action !== undefined) params.set('action', filter.action);
    if (filter.from) params.set('from', filter.from.toISOString());
    if (filter.to) params.set('to', filter.to.toISOString());
    if (filter.before) params.set('cursor', encodeAuditCursor(filter.before));
    try {
      const response = await fetch(`${upstream.url}/internal/audit?${params.toString()}`, {
        headers: { [IDENTITY_HEADER]: identityToken },
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return (await response.json()) as AuditPageView;
    } catch (error) {
      this.logger.warn({ err: error, upstream: upstream.service }, 'audit upstream failed');
      throw new ServiceUnavailableException(API_MESSAGES.serviceUnavailable);
    }
  }

  // svc-auth owns the names: one query for every actor on the page (deleted users stay null).
  private async attachActorNames(items: AuditRecordView[]): Promise<void> {
    const ids = [...new Set(items.map((i) => i.actorId).filter((id): id is number => id !== null))];
    const names = new Map<number, string>();
    if (ids.length > 0) {
      const rows = (await this.dataSource.query(
        `SELECT id, name FROM "${schemaOf(this.dataSource)}"."users" WHERE id = ANY($1::int[])`,
        [ids],
      )) as Array<{ id: number; name: string }>;
      for (const row of rows) names.set(row.id, row.name);
    }
    for (const item of items)
      item.actorName = item.actorId === null ? null : (names.get(item.actorId) ?? null);
  }
}
