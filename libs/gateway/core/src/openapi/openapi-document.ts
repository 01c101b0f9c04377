import type { INestApplication, Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { EndpointDefinition } from '@nl/contracts-core';
import { GATEWAY_CATALOG } from '../pipeline/gateway-step.js';
import { OPENAPI_TAGS } from './openapi-tags.js';
import { documentBodies } from './request-schemas.js';
import { readProductInfo, type ProductInfo } from './product-info.js';
import { RESPONSE_HEADERS } from './response-headers.js';

const PRODUCT = readProductInfo();
/** The version of the documents (OpenAPI, AsyncAPI): the product's, from its package.json. */
export const API_VERSION = PRODUCT.version;

const INTRO = `Dutch public-register data and validations per call: property and addresses (BAG, energy labels, WOZ value, spatial plans), vehicles (RDW), companies (KVK), EU VAT (VIES), e-mail and disposable domains, DNS, traffic (NDW) and SBI 2025 industry codes.

**Authentication:** send your API key in \`X-Api-Key\` (recommended) or \`Authorization: Bearer\`, not both. Software agents may instead pay per request with x402 where an operation says so.

**Credits:** every successful call costs the operation's price; an answer served from cache (\`X-Cache: HIT\` or \`STALE\`) costs the cached price. Failed calls cost nothing.

**Methods:** each path answers the methods listed for it, \`HEAD\` wherever \`GET\` is, and \`OPTIONS\` (\`204\` with \`Allow\`); any other method is \`405 method_not_allowed\` with \`Allow\`.

**Errors** are RFC 9457 \`application/problem+json\` with a \`code\` and \`requestId\`, except where an operation documents its own body (for example \`{found:false}\`).

**Measured latency:** each operation's \`x-latency\` holds what this server measured over the last 24 hours (requests, availability, p50/p95/p99 in ms; \`null\` without requests), filled in when the document is served. Per endpoint and source, over 1 hour, 24 hours and 30 days, with incidents: [/status](/status) (and \`/status.json\`).`;

/**
 * The license object of a package.json \`license\`: an SPDX id as \`identifier\`; npm's
 * \`UNLICENSED\` (no license granted) said in words.
 */
function licenseOf(product: ProductInfo): { name: string; identifier?: string } {
  return product.license === 'UNLICENSED'
    ? {
        name: 'Proprietary: no license is granted to the software; the API is used under its terms of service.',
      }
    : { name: product.license, identifier: product.license };
}

/** Whether a controller serves an HTTP route (a message handler of a service does not). */
function servesHttp(controller: Type<unknown>): boolean {
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype).some(
    (name) =>
      typeof prototype[name] === 'function' &&
      Reflect.getMetadata(METHOD_METADATA, prototype[name] as object) !== undefined,
  );
}

/**
 * The modules with HTTP routes, in the order the app holds them. The services that share the
 * standalone process are left out: their message handlers take the same DTOs as payloads,
 * which would otherwise land in the document as schemas no operation uses.
 */
function httpModules(app: INestApplication): Type<unknown>[] {
  return [...app.get(ModulesContainer).values()]
    .filter((module) =>
      [...module.controllers.values()].some((wrapper) =>
        servesHttp(wrapper.metatype as Type<unknown>),
      ),
    )
    .map((module) => module.metatype);
}

/** The OpenAPI 3.1 document of the gateway, from the catalog routes and the contract DTOs. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('NL Data API')
    .setDescription(INTRO)
    .setVersion(API_VERSION)
    .addServer('/', 'The server this document is served by.')
    .addServer('http://127.0.0.1:3000', '`npm start` on this machine (the default port).')
    .addSecurity('apiKey', {
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
      description: 'Your API key (`nlk_live_…`, or `nlk_test_…` for the sandbox). Recommended.',
    })
    .addSecurity('bearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'The same API key as a bearer token: `Authorization: Bearer nlk_live_…`.',
    })
    .addSecurityRequirements('apiKey')
    .addSecurityRequirements('bearer');
  for (const tag of OPENAPI_TAGS) builder.addTag(tag.name, tag.description);
  const config = builder.build();
  // OpenAPI 3.1's `identifier`, which Nest's types (3.0) do not know.
  config.info.license = licenseOf(PRODUCT) as OpenAPIObject['info']['license'];
  delete config.info.contact;
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_c, method) => method,
    // One tag per operation, set by its decorators; not a second one per controller.
    autoTagControllers: false,
    include: httpModules(app),
  });
  documentBodies(document, app.get<readonly EndpointDefinition[]>(GATEWAY_CATALOG));
  document.components = { ...document.components, headers: RESPONSE_HEADERS };
  return document;
}
