import { Controller, Get, HttpCode, Post, Req, Res, type Type } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBody,
  ApiExtension,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ProblemDetails, toCredits, type EndpointDefinition } from '@nl/contracts-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestPipeline } from '../pipeline/request-pipeline.js';
import { describeEndpoint } from './endpoint-description.js';

type PropertyMeta = Record<string, unknown> & { required?: boolean };

/** Body size of a catalog endpoint that declares none: its bodies are a few hundred bytes. */
const CATALOG_MAX_BODY_BYTES = 4 * 1024;

/** The `@ApiProperty` metadata of a DTO, property by property. */
function dtoProperties(type: Type<object>): [string, PropertyMeta][] {
  const names = (Reflect.getMetadata('swagger/apiModelPropertiesArray', type.prototype) ??
    []) as string[];
  return names.map((name) => {
    const key = name.replace(/^:/, '');
    return [
      key,
      (Reflect.getMetadata('swagger/apiModelProperties', type.prototype, key) ??
        {}) as PropertyMeta,
    ];
  });
}

function paramDecorators(endpoint: EndpointDefinition, path: string): MethodDecorator[] {
  const pathParams = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
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
  return dtoProperties(request).map(([name, meta]) => {
    const { required, type, description, example, ...schema } = meta;
    const documented = {
      description: description as string | undefined,
      schema: {
        type: type === Number ? 'integer' : 'string',
        ...(example !== undefined && { example }),
        ...schema,
      },
    };
    return pathParams.includes(name)
      ? ApiParam({ name, required: true, ...documented } as never)
      : ApiQuery({ name, required: required !== false, ...documented } as never);
  });
}

const STANDARD_ERRORS: [number, string][] = [
  [400, 'Invalid parameters: problem+json with `errors[]` per field.'],
  [401, 'Missing, unknown or revoked API key.'],
  [
    402,
    "Payment required (x402), too few credits (`insufficient_credits`), or the API key's daily or monthly spend cap reached (`spend_cap_reached`, with when it resets).",
  ],
  [
    403,
    "The tier or subscription does not include this endpoint, or the API key does not accept calls from this web page's origin (`origin_not_allowed`).",
  ],
  [429, 'Rate limit exceeded; see `Retry-After`.'],
  [503, 'The service or its upstream is unavailable; see `Retry-After`.'],
  [504, 'The service or its upstream did not answer in time.'],
];

const problemContent = () => ({
  'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDetails) } },
});

/**
 * The error answers of an operation: problem+json for the standard ones; a body of the spec's
 * own (`404 {found:false}`) as `application/json`, and, where its status is also a standard one
 * (VAT's `503 ms_unavailable` beside a service outage), both media types under that status.
 */
function errorResponseDecorators(endpoint: EndpointDefinition): MethodDecorator[] {
  const own = endpoint.errorResponses ?? [];
  const standard = new Map(STANDARD_ERRORS);
  return [
    ApiExtraModels(ProblemDetails, ...own.flatMap((e) => (e.type ? [e.type] : []))),
    ...own.map((e) =>
      ApiResponse({
        status: e.status,
        description: standard.has(e.status)
          ? `${e.description} Otherwise problem+json: ${standard.get(e.status)}`
          : e.description,
        content: {
          ...(e.type && { 'application/json': { schema: { $ref: getSchemaPath(e.type) } } }),
          ...(standard.has(e.status) && problemContent()),
        },
      }),
    ),
    ...STANDARD_ERRORS.filter(([status]) => !own.some((e) => e.status === status)).map(
      ([status, description]) => ApiResponse({ status, description, content: problemContent() }),
    ),
  ];
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
        RouteConfig({ maxBodyBytes: endpoint.maxBodyBytes ?? CATALOG_MAX_BODY_BYTES }),
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
        endpoint.response
          ? ApiOkResponse({ type: endpoint.response })
          : ApiOkResponse({ description: 'Success.' }),
        ...errorResponseDecorators(endpoint),
        ...paramDecorators(endpoint, path),
      ];
      for (const decorate of decorators) decorate(CatalogController.prototype, name, descriptor);
      Req()(CatalogController.prototype, name, 0);
      Res()(CatalogController.prototype, name, 1);
    });
  }
  return CatalogController;
}
