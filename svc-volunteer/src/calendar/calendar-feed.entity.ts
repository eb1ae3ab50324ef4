import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

// Issue 18: one private calendar feed address per student. The token is found by its SHA-256
// (the database alone never yields a working address) and kept sealed (AES-GCM under a key derived
// from IDENTITY_SECRET) so the owner can be shown the same address again.
@Entity({ name: 'calendar_feeds' })
@Unique('calendar_feeds_token_hash_key', ['tokenHash'])
export class CalendarFeedEntity {
  @PrimaryColumn({
    name: 'user_id',
    type: 'integer',
    primaryKeyConstraintName: 'calendar_feeds_pkey',
  })
  userId!: number;

  // Hex SHA-256 of the token.
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  // base64url(iv | tag | ciphertext).
  @Column({ name: 'token_sealed', type: 'varchar', length: 200 })
  tokenSealed!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
