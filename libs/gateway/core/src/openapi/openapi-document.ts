import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { OPENAPI_TAGS } from './openapi-tags.js';
import { readProductInfo, type ProductInfo } from './product-info.js';
import { RESPONSE_HEADERS } from './response-headers.js';

const PRODUCT = readProductInfo();
/** The version of the documents (OpenAPI, AsyncAPI): the product's, from its package.json. */
export const API_VERSION = PRODUCT.version;

const INTRO = `Dutch public-register data and validations per call: property and addresses (BAG, energy labels, WOZ value, spatial plans), vehicles (RDW), companies (KVK), EU VAT (VIES), e-mail and disposable domains, DNS, traffic (NDW) and SBI 2025 industry codes.

**Authentication:** send your API key in \`X-Api-Key\` (recommended) or \`Authorization: Bearer\`, not both. Software agents may instead pay per request with x402 where an operation says so.

**Credits:** every successful call costs the operation's price; an answer served from cache (\`X-Cache: HIT\` or \`STALE\`) costs the cached price. Failed calls cost nothing.

**Methods:** each path answers the methods listed for it, \`HEAD\` wherever \`GET\` is, and \`OPTIONS\` (\`204\` with \`Allow\`); any other method is \`405 method_not_allowed\` with \`Allow\`.

**Errors** are RFC 9457 \`application/problem+json\` with a \`code\` and \`requestId\`, except where an operation documents its own body (for example \`{found:false}\`).`;

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
  });
  document.components = { ...document.components, headers: RESPONSE_HEADERS };
  return document;
}
