import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { SignupEntity } from '../signups/signup.entity';

// One reminder that went out (issue 18): inserted in the same transaction as its
// notification.requested outbox row, so a redelivered or duplicated job finds it and sends
// nothing. Keyed by the event's start too: a moved event earns its reminders again.
@Entity({ name: 'reminders_sent' })
@Unique('reminders_sent_signup_kind_start_key', ['signupId', 'kind', 'startsAt'])
export class ReminderSentEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'signup_id', type: 'integer' })
  signupId!: number;

  // A withdrawn sign-up takes its history with it.
  @ManyToOne(() => SignupEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'signup_id', foreignKeyConstraintName: 'reminders_sent_signup_id_fkey' })
  signup?: SignupEntity;

  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', default: () => 'now()' })
  sentAt!: Date;
}
