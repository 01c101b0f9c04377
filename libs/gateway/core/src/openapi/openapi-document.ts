import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

export const API_VERSION = '0.0.1';

const INTRO = `Dutch public-register data and validations per call: property and addresses (BAG, energy labels, WOZ value, spatial plans), vehicles (RDW), companies (KVK), EU VAT (VIES), e-mail and disposable domains, DNS, traffic (NDW) and SBI 2025 industry codes.

**Authentication:** send your API key in \`X-Api-Key\` (recommended) or \`Authorization: Bearer\`, not both. Software agents may instead pay per request with x402 where an operation says so.

**Credits:** every successful call costs the operation's price; an answer served from cache (\`X-Cache: HIT\` or \`STALE\`) costs the cached price. Failed calls cost nothing.

**Errors** are RFC 9457 \`application/problem+json\` with a \`code\` and \`requestId\`, except where an operation documents its own body (for example \`{found:false}\`).`;

/** The OpenAPI 3.1 document of the gateway, from the catalog routes and the contract DTOs. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('NL Data API')
    .setDescription(INTRO)
    .setVersion(API_VERSION)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }, 'apiKey')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'The API key as a bearer token.' },
      'bearer',
    )
    .addSecurityRequirements('apiKey')
    .addSecurityRequirements('bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_c, method) => method,
  });
  return document;
}
