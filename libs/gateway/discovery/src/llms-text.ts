import type { OpenAPIObject } from '@nestjs/swagger';
import { DOMAINS, formatCredits, openApiPath, type EndpointDefinition } from '@nl/contracts-core';
import { API_NAME, API_SUMMARY, DISCOVERY_LINKS } from './discovery-links.js';

/**
 * Where the committed llms files say the API's own URL: the server puts the base callers reach
 * it at (PUBLIC_BASE_URL, a trusted proxy's host, else localhost) in its place when it serves
 * them, so every link an agent reads is absolute and right for that server.
 */
export const BASE_URL_PLACEHOLDER = '{{base_url}}';

/** How to call and pay, the same paragraph in llms.txt and llms-full.txt. */
export const HOW_TO_CALL = [
  `Base URL: ${BASE_URL_PLACEHOLDER}. Answers are JSON; errors are RFC 9457 \`application/problem+json\` with a \`code\` and a \`requestId\`.`,
  '',
  'Authentication: send an API key in the `X-Api-Key` header (or `Authorization: Bearer <key>`, not both). A live key (`nlk_live_…`) answers with real data from the public registers and is charged in prepaid credits, only for successful (2xx) calls: the fresh price, or the cached price for an answer served from cache (`X-Cache: HIT`). A test key (`nlk_test_…`) answers from recorded data, free, marked `X-Sandbox: true`: the way to try every endpoint. Endpoints marked "x402: yes" also accept payment per request with x402 instead of a key, where the server has it on: a call without a key answers 402 Payment Required with the price in USDC to sign and send again (where it is off, 401).',
].join('\n');

/** The paragraph of an endpoint's price: `1.00 credits fresh, 0.50 cached`. */
export const priceOf = (endpoint: EndpointDefinition) =>
  `${formatCredits(endpoint.price.fresh)} credits fresh, ${formatCredits(endpoint.price.cached)} cached`;

/** The docs page's own link to an operation (the docs UI opens it by tag and operation id). */
export const docsLinkOf = (endpoint: EndpointDefinition) =>
  `${BASE_URL_PLACEHOLDER}/docs#/${endpoint.domain}/${endpoint.id}`;

/** Each domain's words, from its tag of the OpenAPI document (its last full stop left out). */
export const domainTitlesOf = (document: OpenAPIObject): Readonly<Record<string, string>> =>
  Object.fromEntries(
    (document.tags ?? []).map((t) => [t.name, (t.description ?? t.name).replace(/\.$/, '')]),
  );

/** A sentence with its full stop, unless it ends in a mark of its own. */
const sentence = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`);

/** The catalog grouped by domain, in the domains' order, each group in catalog order. */
export function byDomain(catalog: readonly EndpointDefinition[]): [string, EndpointDefinition[]][] {
  return DOMAINS.map(
    (domain) =>
      [domain, catalog.filter((e) => e.domain === domain)] as [string, EndpointDefinition[]],
  ).filter(([, endpoints]) => endpoints.length > 0);
}

function endpointLine(endpoint: EndpointDefinition): string {
  const planned = endpoint.planned ? ' Planned: answers 503 until it is built.' : '';
  return `- [${endpoint.method} ${openApiPath(endpoint.paths[0])}](${docsLinkOf(endpoint)}): ${sentence(endpoint.summary)} ${priceOf(endpoint)}; x402: ${endpoint.x402 ? 'yes' : 'no'}.${planned}`;
}

/**
 * llms.txt (https://llmstxt.org): what the API is, how to call and pay, the documents to read
 * next, and one line per endpoint of the catalog, grouped by domain.
 */
export function renderLlmsTxt(
  catalog: readonly EndpointDefinition[],
  document: OpenAPIObject,
): string {
  const titles = domainTitlesOf(document);
  const documents = DISCOVERY_LINKS.filter((l) => l.rel !== 'llms').map(
    (l) => `- [${l.title}](${BASE_URL_PLACEHOLDER}${l.path}): ${l.description}`,
  );
  const sections = byDomain(catalog).flatMap(([domain, endpoints]) => [
    '',
    `## ${domain}: ${titles[domain] ?? domain}`,
    '',
    ...endpoints.map(endpointLine),
  ]);
  return [
    `# ${API_NAME}`,
    '',
    `> ${API_SUMMARY}`,
    '',
    HOW_TO_CALL,
    '',
    'Each endpoint below: method and path, what it answers, its price per successful call, and whether x402 is accepted. Parameters, limits, a curl example and a real example answer of each are in llms-full.txt.',
    '',
    '## Documents',
    '',
    ...documents,
    ...sections,
    '',
  ].join('\n');
}
