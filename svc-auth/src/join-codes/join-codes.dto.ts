import { createZodDto } from 'nestjs-zod';
import { createJoinCodeSchema } from '@district/contracts';

export class CreateJoinCodeDto extends createZodDto(createJoinCodeSchema) {}
