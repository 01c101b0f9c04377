import { DomainError } from '@nl/platform-errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The methods a route can have, in the order `Allow` lists them. OPTIONS is not asked of the
 * router (every path has it, through the route of options.ts): it is listed last.
 */
const RESOURCE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Whether the router could read the path at all: it routes a malformed one to its bad-URL handler. */
function readablePath(url: string): boolean {
  const query = url.indexOf('?');
  try {
    decodeURI(query < 0 ? url : url.slice(0, query));
    return true;
  } catch {
    return false;
  }
}

/** The methods some route of this server answers for the path of `url` (OPTIONS aside). */
function routedMethods(fastify: FastifyInstance, url: string): string[] {
  if (!readablePath(url)) return [];
  return RESOURCE_METHODS.filter((method) => fastify.findRoute({ method, url }) !== null);
}

/**
 * The `Allow` value of the resource at `url` (RFC 9110, section 10.2.1): the methods some route of
 * this server answers for that path (HEAD wherever GET is, as Fastify adds it), then OPTIONS; null
 * when no route has the path. Asked only of requests no route took and of OPTIONS, never on the way
 * of a routed call.
 */
export function allowedMethods(fastify: FastifyInstance, url: string): string | null {
  const methods = routedMethods(fastify, url);
  return methods.length ? [...methods, 'OPTIONS'].join(', ') : null;
}

/**
 * A request that reached the not-found handler, refused for its method when its path has routes
 * for other methods only: `405 method_not_allowed` with `Allow`. Null when the path is unknown,
 * or when a route for this very method sent it there (a file the docs' static files lack): a 404.
 */
export function methodRefusal(request: FastifyRequest, reply: FastifyReply): DomainError | null {
  const methods = routedMethods(request.server, request.url);
  if (!methods.length || methods.includes(request.method)) return null;
  const allow = [...methods, 'OPTIONS'].join(', ');
  void reply.header('allow', allow);
  return new DomainError(
    'method_not_allowed',
    `${request.method} is not a method of this path; it answers ${allow}.`,
  );
}
