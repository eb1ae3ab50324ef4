import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

// The columns of a one-time link mailed to an account's own address (a password reset, a district
// claim): each table extends it with its user relation (its own foreign key name), its indexes
// (the token hash unique) and what else the link carries.
export abstract class MailedUserToken {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  // sha256 of the token in the e-mail, hex; the plain token is never stored.
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
