import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { AVATAR_MAX_BYTES } from '@district/contracts';
import { MultipartModule } from '@district/service-kit';

const FASTIFY_PLUGINS = Symbol('svc-auth:fastify-plugins');

// Nest builds providers before it registers any route, so registering the plugins here puts them
// in place for every route while main.ts and the tests keep using the kit's startService() /
// startTestService() unchanged. Multipart (the avatar upload) is the kit's, one file of 5 MB.
@Module({
  imports: [MultipartModule.forRoot({ fileSize: AVATAR_MAX_BYTES })],
  providers: [
    {
      provide: FASTIFY_PLUGINS,
      inject: [HttpAdapterHost],
      useFactory: (host: HttpAdapterHost) => {
        void host.httpAdapter.getInstance<FastifyInstance>().register(fastifyCookie);
        return true;
      },
    },
  ],
})
export class FastifyPluginsModule {}
