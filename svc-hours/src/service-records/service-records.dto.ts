import { createZodDto } from 'nestjs-zod';
import { issueServiceRecordSchema } from '@district/contracts';

export class IssueServiceRecordDto extends createZodDto(issueServiceRecordSchema) {}
