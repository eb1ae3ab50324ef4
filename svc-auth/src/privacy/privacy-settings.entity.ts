import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { RegistrationPolicy } from '@district/contracts';

// Issue 20: the district's privacy policy, one row (like directory_version). Changed by admins
// only, each change audited.
@Entity({ name: 'privacy_settings' })
@Check('privacy_settings_single_row', '"id"')
export class PrivacySettingsEntity {
  @PrimaryColumn({ type: 'boolean', default: true })
  id!: boolean;

  // Whether a new account starts visible to other students (FERPA directory information).
  @Column({ name: 'directory_visible_by_default', type: 'boolean', default: true })
  directoryVisibleByDefault!: boolean;

  // Issue 20: 'school' (the district consents, SPEC registration) or 'guardian' (date of birth,
  // a guardian's consent under 13).
  @Column({ name: 'consent_mode', type: 'varchar', length: 16, default: 'school' })
  consentMode!: 'school' | 'guardian';

  // Issue 31: who may join ('open', 'roster', 'joinCode', 'districtSignIn').
  @Column({ name: 'registration_policy', type: 'varchar', length: 16, default: 'open' })
  registrationPolicy!: RegistrationPolicy;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
