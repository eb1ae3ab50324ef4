import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'signups' })
export class SignupEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'opportunity_id', type: 'integer' })
  opportunityId!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
