import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// One row per event written in the same transaction as the state change (DESIGN rule 5).
@Entity({ name: 'outbox' })
// The relay only ever scans unpublished rows in order.
@Index('outbox_unpublished_idx', ['seq'], { where: '"published_at" IS NULL' })
export class OutboxEvent {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  // Insertion order, so the relay publishes oldest first.
  @Column({ type: 'bigint', generatedIdentity: 'ALWAYS', insert: false, update: false })
  seq!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'jsonb' })
  payload!: unknown;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  // W3C traceparent of the request that wrote the event (null outside a traced request).
  @Column({ type: 'text', nullable: true })
  traceparent!: string | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;
}
