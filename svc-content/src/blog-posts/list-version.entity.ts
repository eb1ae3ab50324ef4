import { Column, Entity, PrimaryColumn } from 'typeorm';

// One counter per cached list, bumped in the same transaction as any change the list shows (a
// post written or reviewed, an author renamed or deleted) by the statement triggers on
// blog_posts and users that the first migration created (TypeORM cannot declare a trigger).
// Every replica compares it with its cached copy, so a cache is never served past a change.
@Entity({ name: 'list_versions' })
export class ListVersionEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  name!: string;

  // bigint arrives as a string from pg: it may outgrow a JavaScript number.
  @Column({ type: 'bigint', default: 0 })
  version!: string;
}
