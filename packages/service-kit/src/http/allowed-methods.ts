import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// The methods some route answers on this path (the request's own excluded), for the 405's
// `Allow` header (RFC 9110 §15.5.6). Empty: no route has the path, so it stays a 404.
export function allowedMethods(fastify: FastifyInstance, method: string, url: string): string[] {
  const path = url.split('?', 1)[0] ?? url;
  return METHODS.filter(
    (candidate) => candidate !== method && fastify.findRoute({ method: candidate, url: path }),
  );
}
