import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

// A one-row counter that moves whenever something the directory shows changes (users' visible
// columns, hour credits). Statement triggers on users and hour_credits bump it; TypeORM cannot
// declare triggers, so they and their function live in migration DirectoryVersion1764547200000.
@Entity({ name: 'directory_version' })
@Check('directory_version_single_row', '"id"')
export class DirectoryVersion {
  @PrimaryColumn({ type: 'boolean', default: true })
  id!: boolean;

  // bigint: pg hands it back as a string.
  @Column({ type: 'bigint', default: 0 })
  version!: string;
}
