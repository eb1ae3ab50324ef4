import { Module, type DynamicModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { fieldError } from '../errors/error-body';

// Room for the multipart envelope around a file of the maximum size.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const MULTIPART_PLUGIN = Symbol('service-kit:multipart');

// Registers @fastify/multipart with tight limits (one file of at most `fileSize`, a handful of
// small fields). Nest builds providers before it registers any route, so registering the plugin
// here puts it in place for every route while main.ts and the tests keep using the kit's
// startService() / startTestService() unchanged.
@Module({})
export class MultipartModule {
  static forRoot(options: { fileSize: number }): DynamicModule {
    return {
      module: MultipartModule,
      providers: [
        {
          provide: MULTIPART_PLUGIN,
          inject: [HttpAdapterHost],
          useFactory: (host: HttpAdapterHost) => {
            const fastify = host.httpAdapter.getInstance<FastifyInstance>();
            void fastify.register(fastifyMultipart, {
              limits: {
                fileSize: options.fileSize,
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
    };
  }
}

export interface ImageUploadOptions {
  // The file's form field (`avatar`, `photo`): every refusal names it.
  field: string;
  maxBytes: number;
  // Text fields the form may carry besides the file (`caption`); any other field is refused.
  textFields?: readonly string[];
  messages: { notImage: string; tooLarge: string };
}

export interface ImageUpload {
  bytes: Buffer;
  fields: Record<string, string>;
}

// Reads one image upload, never holding more than maxBytes of it in memory: @fastify/multipart
// stops the stream there and toBuffer() then throws FST_REQ_FILE_TOO_LARGE. Refusals are 400s
// naming the file's field; what they say is the caller's (the spec's avatar texts).
export async function readImageUpload(
  request: FastifyRequest,
  options: ImageUploadOptions,
): Promise<ImageUpload> {
  const { field, maxBytes, messages } = options;
  const textFields = new Set(options.textFields ?? []);
  // A declared length far over the limit is refused before a byte of it is parsed.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw fieldError(field, messages.tooLarge);
  if (!request.isMultipart()) throw fieldError(field, messages.notImage);
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: textFields.size },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== field || bytes) {
          part.file.resume();
          throw fieldError(field, messages.notImage);
        }
        bytes = await part.toBuffer();
      } else if (textFields.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      } else {
        throw fieldError(part.fieldname, messages.notImage);
      }
    }
  } catch (error) {
    // The rest of the upload is read past, so the answer reaches the client.
    request.raw.unpipe();
    request.raw.resume();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(field, messages.tooLarge);
    if (error instanceof Error && 'getStatus' in error) throw error;
    // Broken or truncated multipart bodies are the client's problem, not a 500.
    throw fieldError(field, messages.notImage);
  }
  if (!bytes) throw fieldError(field, messages.notImage);
  return { bytes, fields };
}
