import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { MailedUserToken } from '../users/mailed-user-token.entity';
import { User } from '../users/user.entity';

// Issue 31, a squatted e-mail: someone made a password account with a student's address before
// the student signed in with the district account. The district's provider verified the address;
// password registration never did. A link e-mailed to that address (this token, hashed like the
// password reset tokens) lets the mailbox's owner take the account over for the district identity
// that asked for it.
@Entity({ name: 'district_claim_tokens' })
@Index('district_claim_tokens_user_id_idx', ['userId'])
@Index('district_claim_tokens_token_hash_key', ['tokenHash'], { unique: true })
export class DistrictClaimToken extends MailedUserToken {
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'district_claim_tokens_user_id_fkey' })
  user?: User;

  // The district identity that asked (what the account gets linked to).
  @Column({ type: 'varchar', length: 2048 })
  issuer!: string;

  @Column({ type: 'varchar', length: 255 })
  subject!: string;
}
