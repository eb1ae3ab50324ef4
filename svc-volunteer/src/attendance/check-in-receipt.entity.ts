import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { OpportunityEntity } from '../opportunities/opportunity.entity';

// Issue 34: the idempotency keys of check-ins sent from a phone (one per check-in recorded
// offline). A check-in sent twice (two tabs, a retry after a lost answer) finds its key here and
// counts once, even if an admin changed the mark in between.
@Entity({ name: 'check_in_receipts' })
@Unique('check_in_receipts_user_key_key', ['userId', 'idempotencyKey'])
export class CheckInReceiptEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'check_in_receipts_pkey',
  })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'idempotency_key', type: 'uuid' })
  idempotencyKey!: string;

  @Column({ name: 'opportunity_id', type: 'integer' })
  opportunityId!: number;

  @ManyToOne(() => OpportunityEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({
    name: 'opportunity_id',
    foreignKeyConstraintName: 'check_in_receipts_opportunity_id_fkey',
  })
  opportunity?: OpportunityEntity;

  // When the code was scanned on the phone, and when the server received it.
  @Column({ name: 'scanned_at', type: 'timestamptz' })
  scannedAt!: Date;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;
}
