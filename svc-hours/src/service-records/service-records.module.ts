import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { SERVICE_RECORD_PDF_MAX_BYTES } from '@district/contracts';
import { ServiceRecordEntity } from './service-record.entity';
import { ServiceRecordsController } from './service-records.controller';
import { ServiceRecordsRepository } from './service-records.repository';
import { ServiceRecordsService } from './service-records.service';

@Module({
  imports: [TypeOrmModule.forFeature([ServiceRecordEntity])],
  controllers: [ServiceRecordsController],
  providers: [ServiceRecordsService, ServiceRecordsRepository],
})
export class ServiceRecordsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  // POST /api/service-records/verify reads the dropped PDF as raw bytes; past the cap Fastify
  // answers 413 before reading the rest.
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    if (fastify.hasContentTypeParser('application/pdf')) return;
    fastify.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: SERVICE_RECORD_PDF_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
  }
}
