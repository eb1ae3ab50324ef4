import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '@district/contracts';

const FASTIFY_PLUGINS = Symbol('svc-auth:fastify-plugins');

// Nest builds providers before it registers any route, so registering the plugins here puts them
// in place for every route while main.ts and the tests keep using the kit's startService() /
// startTestService() unchanged.
@Module({
  providers: [
    {
      provide: FASTIFY_PLUGINS,
      inject: [HttpAdapterHost],
      useFactory: (host: HttpAdapterHost) => {
        const fastify = host.httpAdapter.getInstance<FastifyInstance>();
        void fastify.register(fastifyCookie);
        // Tight limits: one file, a handful of small fields; the file stream stops at 5 MB.
        void fastify.register(fastifyMultipart, {
          limits: {
            fileSize: AVATAR_MAX_BYTES,
            files: 1,
            fields: 5,
            fieldSize: 1024,
            parts: 10,
            headerPairs: 50,
          },
        });
        return true;
      },
    },
  ],
})
export class FastifyPluginsModule {}
