import { createZodDto } from 'nestjs-zod';
import { changeRolesSchema, changeSchoolSchema } from '@district/contracts';

export class ChangeSchoolDto extends createZodDto(changeSchoolSchema) {}
export class ChangeRolesDto extends createZodDto(changeRolesSchema) {}
