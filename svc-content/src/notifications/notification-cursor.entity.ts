import { Column, Entity, PrimaryColumn } from 'typeorm';

// One read cursor per user, so each feed item reaches a user once whether it goes out by push
// or by polling.
@Entity({ name: 'notification_cursors' })
export class NotificationCursorEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  // Every item up to this id has been handed to the user (0: none existed yet).
  @Column({ name: 'last_item_id', type: 'integer' })
  lastItemId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
