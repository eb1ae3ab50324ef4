import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { MailedUserToken } from '../users/mailed-user-token.entity';
import { User } from '../users/user.entity';

@Entity({ name: 'password_reset_tokens' })
@Index('password_reset_tokens_user_id_idx', ['userId'])
@Index('password_reset_tokens_token_hash_key', ['tokenHash'], { unique: true })
export class PasswordResetToken extends MailedUserToken {
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'password_reset_tokens_user_id_fkey' })
  user?: User;
}
