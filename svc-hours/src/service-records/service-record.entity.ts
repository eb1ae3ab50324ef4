import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Language, ServiceRecordContent } from '@district/contracts';

// One issued official service record (issue 19): the signed snapshot and the PDF as issued.
@Entity({ name: 'service_records' })
@Index('service_records_code_key', ['code'], { unique: true })
// POST /verify finds a dropped PDF by its hash.
@Index('service_records_pdf_sha256_idx', ['pdfSha256'])
// user.deleted removes a student's records with their hours.
@Index('service_records_user_idx', ['userId'])
export class ServiceRecordEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 12 })
  code!: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  // The student, or the admin who issued it for them.
  @Column({ name: 'issued_by', type: 'integer' })
  issuedBy!: number;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt!: Date;

  // Exactly what was signed (canonicalJson of it).
  @Column({ type: 'jsonb' })
  content!: ServiceRecordContent;

  // Ed25519 over canonicalJson(content), base64.
  @Column({ type: 'varchar', length: 128 })
  signature!: string;

  // sha256 of the approved entries (id, date, hours) at issue: a later difference = superseded.
  @Column({ name: 'entries_digest', type: 'char', length: 64 })
  entriesDigest!: string;

  // Issue 22: the language the PDF was written in (the request's); the stored bytes stay the
  // ones signed, so a re-download is the same file whatever the reader's language.
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  @Column({ type: 'bytea' })
  pdf!: Buffer;

  @Column({ name: 'pdf_sha256', type: 'char', length: 64 })
  pdfSha256!: string;

  // Ed25519 over the PDF's sha256 (hex): a PDF verifies only byte for byte as issued.
  @Column({ name: 'pdf_signature', type: 'varchar', length: 128 })
  pdfSignature!: string;
}
