import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// A service's own copy of svc-auth's users (never read from svc-auth's tables), fed by user.*
// events. One table for every service: each reads the columns its screens show (svc-volunteer
// name and school, svc-hours name and canonical school, svc-content name and avatar).
@Entity({ name: 'users' })
@Index('users_school_name_idx', ['schoolName'])
export class UserReplicaEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'users_pkey' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  // As registered (free text in older rows).
  @Column({ type: 'varchar', length: 200 })
  school!: string;

  // Registry name or "Other" (canonicalSchoolName): what the supervisor page shows and filters on.
  @Column({ name: 'school_name', type: 'varchar', length: 200 })
  schoolName!: string;

  @Column({ name: 'avatar_url', type: 'varchar', length: 2048, nullable: true })
  avatarUrl!: string | null;

  // null until the first event that carries it reaches an older row.
  @Column({ type: 'integer', nullable: true })
  grade!: number | null;

  // Staff are not students: hour goals and student lists leave them out.
  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin!: boolean;

  @Column({ name: 'is_supervisor', type: 'boolean', default: false })
  isSupervisor!: boolean;

  // Whether other students may see this student (issue 20); admins and supervisors see everyone.
  @Column({ name: 'directory_visible', type: 'boolean', default: true })
  directoryVisible!: boolean;

  // Issue 20: under 13 and waiting for a guardian's consent: no blog posts or photos, and
  // hidden from other students' sign-up lists.
  @Column({ type: 'boolean', default: false })
  restricted!: boolean;

  // Issue 31: false once a roster import deactivated them: hidden from every list (see
  // activeReplicaUser), their rows kept, until a later roster reactivates them.
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  // The language texts for this user are written in (issue 22).
  @Column({ type: 'varchar', length: 8, default: 'en' })
  language!: string;

  // Tombstone: the user is gone (name, school and avatar forgotten) and a late user.updated must
  // not bring them back.
  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  // occurredAt of the newest event applied, so an older event never overwrites a newer one.
  @Column({ name: 'source_at', type: 'timestamptz' })
  sourceAt!: Date;
}
