import { NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '@district/contracts';
import { IMAGE_FILE_PATTERN } from './image-file';

// Answers a stored image by its content-addressed name: the hash in the name is the ETag, so a
// matching If-None-Match is a 304 without reading the file. `cacheControl` says who may keep it
// (avatars: anyone, a year; event photos: the browser, revalidated, since moderation may hide one).
export async function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  cacheControl: string,
  read: (file: string) => Promise<Buffer | null>,
): Promise<Buffer | undefined> {
  const match = IMAGE_FILE_PATTERN.exec(file);
  if (!match) throw new NotFoundException(API_MESSAGES.notFound);
  const etag = `"${match[2]}"`;
  const cacheHeaders = {
    'cache-control': cacheControl,
    etag,
    'x-content-type-options': 'nosniff',
  };
  if (request.headers['if-none-match'] === etag) {
    void reply.status(304).headers(cacheHeaders);
    return undefined;
  }
  const bytes = await read(file);
  if (!bytes) throw new NotFoundException(API_MESSAGES.notFound);
  void reply.headers({ ...cacheHeaders, 'content-type': 'image/webp' });
  return bytes;
}
