import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  StreamableFile,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  API_MESSAGES,
  type IssuedServiceRecord,
  type ServiceRecordPdfCheck,
  type ServiceRecordView,
} from '@district/contracts';
import { CurrentUser, Public, requestLanguage, type Identity } from '@district/service-kit';
import { IssueServiceRecordDto } from './service-records.dto';
import { ServiceRecordsService } from './service-records.service';

@Controller('api/service-records')
export class ServiceRecordsController {
  constructor(private readonly records: ServiceRecordsService) {}

  @Post()
  @HttpCode(201)
  issue(
    @CurrentUser() user: Identity,
    @Body() body: IssueServiceRecordDto,
    @Req() request: FastifyRequest,
  ): Promise<IssuedServiceRecord> {
    return this.records.issue(user, body, requestLanguage(request.headers));
  }

  // Anyone may drop a PDF (body: the file, application/pdf); the module's parser caps its size.
  @Public()
  @Post('verify')
  @HttpCode(200)
  verify(@Req() request: FastifyRequest): Promise<ServiceRecordPdfCheck> {
    if (!Buffer.isBuffer(request.body))
      throw new UnsupportedMediaTypeException(API_MESSAGES.pdfRequired);
    return this.records.checkPdf(request.body, requestLanguage(request.headers));
  }

  @Public()
  @Get(':code')
  get(@Param('code') code: string, @Req() request: FastifyRequest): Promise<ServiceRecordView> {
    return this.records.get(code, requestLanguage(request.headers));
  }

  @Public()
  @Get(':code/pdf')
  async pdf(@Param('code') code: string): Promise<StreamableFile> {
    return new StreamableFile(await this.records.pdf(code), {
      type: 'application/pdf',
      disposition: `attachment; filename="service-record-${code}.pdf"`,
    });
  }
}
