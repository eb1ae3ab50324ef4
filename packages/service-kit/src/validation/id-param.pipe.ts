import {
  BadRequestException,
  Injectable,
  NotFoundException,
  Param,
  PipeTransform,
} from '@nestjs/common';

const INT4_MAX = 2_147_483_647;

// Route ids are PostgreSQL integer identities: garbage is a 400, an id that cannot exist a 404.
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  constructor(private readonly name: string = 'id') {}

  transform(value: string): number {
    if (typeof value !== 'string' || !/^[0-9]{1,12}$/.test(value)) {
      throw new BadRequestException({
        statusCode: 400,
        message: `Invalid ${this.name}`,
        errors: [{ path: this.name, message: `Invalid ${this.name}` }],
      });
    }
    const id = Number(value);
    if (id < 1 || id > INT4_MAX) throw new NotFoundException('Not found');
    return id;
  }
}

// `@IdParam() id: number` or `@IdParam('photoId') photoId: number`.
export const IdParam = (name = 'id') => Param(name, new ParseIdPipe(name));
