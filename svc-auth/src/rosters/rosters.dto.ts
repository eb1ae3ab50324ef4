import { createZodDto } from 'nestjs-zod';
import { rosterImportQuerySchema } from '@district/contracts';

export class RosterImportQueryDto extends createZodDto(rosterImportQuerySchema) {}
