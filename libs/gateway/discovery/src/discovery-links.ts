/** The product's name, as every discovery document writes it. */
export const API_NAME = 'NL Data API';

/** What the API is, in one sentence: the summary of llms.txt, the front page and its JSON. */
export const API_SUMMARY =
  'One HTTP/JSON API for Dutch public-register data and validations, sold per call: property and addresses, vehicles (RDW), companies (KVK), EU VAT (VIES), e-mail and DNS checks, traffic data (NDW) and SBI 2025 industry codes.';

/** One of the free documents and pages a caller (a person or an agent) starts from. */
export interface DiscoveryLink {
  /** A stable name for the JSON index. */
  readonly rel: string;
  readonly path: string;
  readonly title: string;
  readonly description: string;
}

/**
 * The links of the front door, in the order they are shown: the same list on the front page,
 * in its JSON and in llms.txt, so the three never disagree.
 */
export const DISCOVERY_LINKS: readonly DiscoveryLink[] = [
  {
    rel: 'docs',
    path: '/docs',
    title: 'API reference',
    description: 'every endpoint with its parameters, answers and errors, to try in the browser',
  },
  {
    rel: 'openapi',
    path: '/openapi.json',
    title: 'OpenAPI document',
    description: 'OpenAPI 3.1: every endpoint, its parameters, answers, prices and limits',
  },
  {
    rel: 'asyncapi',
    path: '/asyncapi.json',
    title: 'AsyncAPI document',
    description: 'the subjects internal callers reach the services on over NATS',
  },
  {
    rel: 'llms',
    path: '/llms.txt',
    title: 'llms.txt',
    description: 'a short index of the API for language models',
  },
  {
    rel: 'llms-full',
    path: '/llms-full.txt',
    title: 'llms-full.txt',
    description:
      'every endpoint in full: parameters, prices, limits, a curl example and the answer the sandbox gives to it',
  },
  {
    rel: 'mcp',
    path: '/mcp',
    title: 'MCP (Streamable HTTP) at /mcp',
    description: 'the endpoints as tools of a Model Context Protocol server',
  },
  {
    rel: 'batches',
    path: '/v1/batches',
    title: 'Batch jobs',
    description:
      'POST up to 100,000 calls of one endpoint (JSON, NDJSON or CSV); worked off on a queue, each item charged as its single call, results as NDJSON or CSV and a signed webhook when done',
  },
  {
    rel: 'dashboard',
    path: '/dashboard',
    title: 'Dashboard',
    description: 'sign in with an API key: balance, usage, keys, limits and prices',
  },
  {
    rel: 'status',
    path: '/status',
    title: 'Status',
    description:
      'availability and latency of each endpoint and source over the last hour, day and 30 days, incidents and dataset ages; as JSON at /status.json',
  },
  {
    rel: 'health',
    path: '/health/ready',
    title: 'Readiness',
    description: 'whether the API and what it depends on are up, for load balancers and monitors',
  },
];

/** A link's absolute URL at the base callers reach the API at. */
export const hrefOf = (base: string, link: DiscoveryLink) => `${base}${link.path}`;
