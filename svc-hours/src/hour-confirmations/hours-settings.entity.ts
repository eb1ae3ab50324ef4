import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

// Issue 19: the district's one settings row for hours (id is always 1).
@Entity({ name: 'hours_settings' })
@Check('hours_settings_single_row_check', `"id" = 1`)
export class HoursSettingsEntity {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id!: number;

  // true: an organisation's confirmation approves the entry by itself.
  @Column({ name: 'confirmation_approves', type: 'boolean', default: false })
  confirmationApproves!: boolean;
}
