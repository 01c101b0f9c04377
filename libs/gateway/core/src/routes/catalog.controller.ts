import { Controller, Get, HttpCode, Post, Req, Res, type Type } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBody,
  ApiExtension,
  ApiHeader,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { pathParamNames, toCredits, type EndpointDefinition } from '@nl/contracts-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestPipeline } from '../pipeline/request-pipeline.js';
import { ApiErrorResponses, ApiSuccessResponse } from '../openapi/operation-responses.js';
import { parameterRules, requestParameters } from '../openapi/request-schemas.js';
import { unmeasured } from '../openapi/served-latency.js';
import { describeEndpoint } from './endpoint-description.js';

/** Body size of a catalog endpoint that declares none: its bodies are a few hundred bytes. */
const CATALOG_MAX_BODY_BYTES = 4 * 1024;

/** The request header that skips the cache, on every operation whose answers are cached. */
const CACHE_CONTROL = ApiHeader({
  name: 'Cache-Control',
  required: false,
  description:
    '`no-cache` (or `max-age=0`): answer from the source, not from the cache, at the fresh price; the answer says `X-Cache: BYPASS` and replaces the cached copy. Any other value leaves the cache in use.',
  schema: { type: 'string', example: 'no-cache' },
});

function paramDecorators(endpoint: EndpointDefinition, path: string): MethodDecorator[] {
  const pathParams = pathParamNames(path);
  const request = endpoint.request;
  if (!request) {
    return pathParams.map((name) => ApiParam({ name, type: String }));
  }
  if (endpoint.method === 'POST') {
    return [
      ApiBody({ type: request }),
      ...pathParams.map((name) => ApiParam({ name, type: String })),
    ];
  }
  return [
    ApiExtension('x-parameter-rules', parameterRules(request)),
    ...requestParameters(request, pathParams).map(({ in: where, ...parameter }) =>
      where === 'path' ? ApiParam(parameter as never) : ApiQuery(parameter as never),
    ),
  ];
}

/** The 200's description: what is charged, and that a planned endpoint does not answer yet. */
function successText(endpoint: EndpointDefinition): string {
  const planned = endpoint.planned
    ? ' Planned: not built yet; until it is, every call answers 503 `service_unavailable`, not charged.'
    : '';
  return `The answer; charged the fresh price, or the cached price when \`X-Cache\` is \`HIT\` or \`STALE\`.${planned}`;
}

/**
 * Builds the gateway's HTTP routes from the endpoint catalog: one handler per path (aliases get
 * their own operation id), each a one-line delegation to the {@link RequestPipeline}, with the
 * OpenAPI text (parameters, responses, price and limits) derived from the same catalog entry.
 */
export function createCatalogController(catalog: readonly EndpointDefinition[]): Type<unknown> {
  @Controller()
  class CatalogController {
    constructor(readonly pipeline: RequestPipeline) {}
  }

  for (const endpoint of catalog) {
    const traits = { ...endpoint, metered: true };
    endpoint.paths.forEach((path, index) => {
      const name = `${endpoint.id}${index ? `.alias${index}` : ''}`;
      const handler = function (
        this: CatalogController,
        request: FastifyRequest,
        reply: FastifyReply,
      ) {
        return this.pipeline.handle(endpoint, request, reply);
      };
      Object.defineProperty(CatalogController.prototype, name, {
        value: handler,
        writable: true,
        configurable: true,
      });
      const descriptor = Object.getOwnPropertyDescriptor(
        CatalogController.prototype,
        name,
      ) as PropertyDescriptor;
      Reflect.defineMetadata(
        'design:paramtypes',
        [Object, Object],
        CatalogController.prototype,
        name,
      );
      Reflect.defineMetadata('design:returntype', Promise, CatalogController.prototype, name);
      const decorators: MethodDecorator[] = [
        endpoint.method === 'GET' ? Get(path) : Post(path),
        HttpCode(200),
        // `endpoint`: what a refusal before the pipeline (a body over the limit) is logged under.
        RouteConfig({
          maxBodyBytes: endpoint.maxBodyBytes ?? CATALOG_MAX_BODY_BYTES,
          endpoint: endpoint.id,
        }),
        ApiTags(endpoint.domain),
        ApiOperation({
          operationId: name,
          summary: index ? `${endpoint.summary} (alias of ${endpoint.paths[0]})` : endpoint.summary,
          description: describeEndpoint(endpoint),
        }),
        ApiExtension('x-price-credits', {
          fresh: toCredits(endpoint.price.fresh),
          cached: toCredits(endpoint.price.cached),
          ...(endpoint.price.partial !== undefined && {
            partial: toCredits(endpoint.price.partial),
          }),
        }),
        ApiExtension('x-rate-limits-per-minute', endpoint.limits),
        ApiExtension('x-x402', endpoint.x402),
        ...(endpoint.planned
          ? [ApiExtension('x-status', 'planned')]
          : [ApiExtension('x-latency', unmeasured(endpoint.id))]),
        ...(endpoint.cacheTtlMs ? [CACHE_CONTROL] : []),
        ApiSuccessResponse(traits, endpoint.response, successText(endpoint)),
        ApiErrorResponses(traits),
        ...paramDecorators(endpoint, path),
      ];
      for (const decorate of decorators) decorate(CatalogController.prototype, name, descriptor);
      Req()(CatalogController.prototype, name, 0);
      Res()(CatalogController.prototype, name, 1);
    });
  }
  return CatalogController;
}
