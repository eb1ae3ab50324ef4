import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

// One feed item per created opportunity (DESIGN rule 6).
@Entity({ name: 'notification_items' })
// One item per opportunity, whatever the event id of a redelivery.
@Unique('notification_items_opportunity_key', ['opportunityId'])
export class NotificationItemEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 32, default: 'new_opportunity' })
  type!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  location!: string;

  @Column({ name: 'opportunity_id', type: 'integer' })
  opportunityId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
