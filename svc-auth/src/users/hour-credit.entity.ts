import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  JoinColumn,
  PrimaryColumn,
} from 'typeorm';
import { numericTransformer } from '@district/service-kit';
import { User } from './user.entity';

// One row per approved hours log (from svc-hours' hours.approved): the log id as primary key makes
// a redelivered event a no-op. Directory total = users.service_hours + sum(hour_credits.hours).
@Entity({ name: 'hour_credits' })
@Index('hour_credits_user_id_idx', ['userId'])
export class HourCredit {
  @PrimaryColumn({ name: 'log_id', type: 'integer' })
  logId!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'hour_credits_user_id_fkey' })
  user?: User;

  @Column({ type: 'numeric', precision: 6, scale: 1, transformer: numericTransformer })
  hours!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
