import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationMessagePayload } from '@district/contracts';

// One feed item per created opportunity (DESIGN rule 6), for everyone; or one personal item per
// recipient of a notification.requested (issue 18), for that user only.
@Entity({ name: 'notification_items' })
// One broadcast item per opportunity, whatever the event id of a redelivery.
@Index('notification_items_opportunity_key', ['opportunityId'], {
  unique: true,
  where: '"recipient_id" IS NULL',
})
export class NotificationItemEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  // 'new_opportunity' (everyone) or 'personal' (recipientId only).
  @Column({ type: 'varchar', length: 32, default: 'new_opportunity' })
  type!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', default: '' })
  location!: string;

  @Column({ name: 'opportunity_id', type: 'integer', nullable: true })
  opportunityId!: number | null;

  // null: every user's; otherwise only this user's streams and polls ever carry it.
  @Column({ name: 'recipient_id', type: 'integer', nullable: true })
  recipientId!: number | null;

  // Personal items: what happened ('waitlist.promoted', ...), the text and where it leads.
  @Column({ type: 'varchar', length: 64, nullable: true })
  kind!: string | null;

  @Column({ type: 'text', nullable: true })
  body!: string | null;

  @Column({ type: 'text', nullable: true })
  path!: string | null;

  // Issue 22: personal items' shared-catalogue entry { key, values }, so each user's browser
  // shows it in their language. null on items from before.
  @Column({ type: 'jsonb', nullable: true })
  message!: NotificationMessagePayload | null;

  // Issue 21: the W3C trace id of the request that caused the item (null on older items).
  @Column({ name: 'trace_id', type: 'varchar', length: 32, nullable: true })
  traceId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
