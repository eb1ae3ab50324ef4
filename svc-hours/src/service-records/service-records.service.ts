import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import {
  API_MESSAGES,
  apiPaths,
  SERVICE_RECORD_CODE_ALPHABET,
  SERVICE_RECORD_CODE_LENGTH,
  SERVICE_RECORD_CODE_PATTERN,
  type IssuedServiceRecord,
  type IssueServiceRecordInput,
  type Language,
  type ServiceRecordContent,
  type ServiceRecordPdfCheck,
  type ServiceRecordView,
} from '@district/contracts';
import {
  AuditService,
  SERVICE_CONFIG,
  withTransaction,
  type Identity,
} from '@district/service-kit';
import { DataSource } from 'typeorm';
import type { HoursConfig } from '../hours.config';
import { canonicalJson, parseRecordSigningKey, RecordSigner, sha256Hex } from './record-signing';
import { type ServiceRecordEntity } from './service-record.entity';
import { renderServiceRecordPdf } from './service-record-pdf';
import { approvalText, recordEntryOf } from './approval-text';
import { hoursCatalogue } from '../hours-catalogue';
import { ServiceRecordsRepository, type ApprovedEntryRow } from './service-records.repository';

const RECORD_NOT_FOUND = API_MESSAGES.serviceRecordNotFound;
const STUDENT_NOT_FOUND = API_MESSAGES.studentNotFound;

const entriesDigest = (rows: ApprovedEntryRow[]) =>
  sha256Hex(canonicalJson(rows.map((r) => [r.id, r.date, Number(r.hours)])));

function newCode(): string {
  let code = '';
  for (let i = 0; i < SERVICE_RECORD_CODE_LENGTH; i++)
    code += SERVICE_RECORD_CODE_ALPHABET[randomInt(SERVICE_RECORD_CODE_ALPHABET.length)];
  return code;
}

@Injectable()
export class ServiceRecordsService {
  private readonly signer: RecordSigner;

  constructor(
    private readonly records: ServiceRecordsRepository,
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    @Inject(SERVICE_CONFIG) private readonly config: HoursConfig,
  ) {
    this.signer = new RecordSigner(parseRecordSigningKey(config.RECORD_SIGNING_KEY));
  }

  private publicUrl(path: string): string {
    return new URL(path, this.config.PUBLIC_URL).toString();
  }

  // `language`: the request's (issue 22); the PDF is written in it and stored as issued.
  async issue(
    caller: Identity,
    input: IssueServiceRecordInput,
    language: Language,
  ): Promise<IssuedServiceRecord> {
    const userId = input.userId ?? caller.id;
    if (userId !== caller.id && !caller.isAdmin)
      throw new ForbiddenException(API_MESSAGES.recordForOtherStudent);
    const user = await this.records.findUser(userId);
    // A student just registered may not be in the replica yet: their token names them.
    const name = user?.name ?? (userId === caller.id ? caller.name : undefined);
    if (name === undefined) throw new NotFoundException(STUDENT_NOT_FOUND);

    const rows = await this.records.approvedEntries(userId);
    const code = newCode();
    const issuedAt = new Date();
    const entries = rows.map(recordEntryOf);
    const content: ServiceRecordContent = {
      code,
      district: this.config.DISTRICT_NAME,
      name,
      school: user?.schoolName ?? caller.school ?? '',
      grade: user?.grade ?? null,
      // Halves summed in tenths stay exact.
      totalHours: entries.reduce((sum, e) => sum + Math.round(e.hours * 10), 0) / 10,
      entries,
      issuedAt: issuedAt.toISOString(),
    };
    const signature = this.signer.sign(canonicalJson(content));
    const url = this.publicUrl(`/verify/${code}`);
    const pdf = Buffer.from(await renderServiceRecordPdf(content, url, signature, language));
    const pdfSha256 = sha256Hex(pdf);

    await withTransaction(this.dataSource, async (manager) => {
      await this.records.insert(manager, {
        code,
        userId,
        issuedBy: caller.id,
        issuedAt,
        content,
        signature,
        entriesDigest: entriesDigest(rows),
        language,
        pdf,
        pdfSha256,
        pdfSignature: this.signer.sign(pdfSha256),
      });
      await this.audit.record(manager, {
        actorId: caller.id,
        action: 'record.issue',
        target: { type: 'service-record', id: code },
        outcome: 'success',
        detail: { userId, totalHours: content.totalHours, entries: entries.length, language },
      });
    });
    return { code, url, pdfUrl: this.publicUrl(apiPaths.serviceRecordPdf(code)) };
  }

  // Unknown, malformed or tampered (signature no longer matches): the same 404.
  private async findGenuine(code: string): Promise<ServiceRecordEntity> {
    const record = SERVICE_RECORD_CODE_PATTERN.test(code)
      ? await this.records.findByCode(code)
      : null;
    if (!record || !this.signer.verify(canonicalJson(record.content), record.signature))
      throw new NotFoundException(RECORD_NOT_FOUND);
    return record;
  }

  // The signed content, with how each entry was approved in the reader's language.
  private async view(record: ServiceRecordEntity, language: Language): Promise<ServiceRecordView> {
    const current = entriesDigest(await this.records.approvedEntries(record.userId));
    const valid = current === record.entriesDigest;
    const t = hoursCatalogue.for(language);
    const entries = record.content.entries.map((entry) => ({
      ...entry,
      approval: approvalText(t, entry),
    }));
    return { ...record.content, entries, valid, status: valid ? 'valid' : 'superseded' };
  }

  async get(code: string, language: Language): Promise<ServiceRecordView> {
    return this.view(await this.findGenuine(code), language);
  }

  async pdf(code: string): Promise<Buffer> {
    return (await this.findGenuine(code)).pdf;
  }

  // Byte for byte as issued: its hash is one we signed, for a record whose content still verifies.
  async checkPdf(bytes: Buffer, language: Language): Promise<ServiceRecordPdfCheck> {
    const hash = sha256Hex(bytes);
    for (const record of await this.records.findByPdfHash(hash)) {
      if (
        this.signer.verify(hash, record.pdfSignature) &&
        this.signer.verify(canonicalJson(record.content), record.signature)
      )
        return { matches: true, record: await this.view(record, language) };
    }
    return { matches: false, record: null };
  }
}
