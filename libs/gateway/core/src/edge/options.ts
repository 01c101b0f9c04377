import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainError } from '@nl/platform-errors';
import { HttpProblemFilter } from '../errors/http-problem.filter.js';
import { allowedMethods } from './allow.js';
import { answerPreflight } from './cors.js';

/**
 * `OPTIONS` on every path: a CORS preflight to the API is answered as CORS says (whatever the
 * path, so a page goes on to read the real call's answer, a `404` included); any other is `204`
 * with the path's own `Allow`, or `404 route_not_found` for a path that does not exist.
 */
export function configureOptions(app: NestFastifyApplication): void {
  const problems = app.get(HttpProblemFilter);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.options('/*', (request, reply) => {
    if (answerPreflight(request, reply)) return;
    const allow = allowedMethods(request.server, request.url);
    if (!allow) return problems.refuse(request, reply, new DomainError('route_not_found'));
    void reply.header('allow', allow).code(204).send();
    return undefined;
  });
}
