import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiPath, type EndpointDefinition, type SandboxRequest } from '@nl/contracts-core';
import { describeLimits } from '@nl/gateway-core';
import { API_NAME, API_SUMMARY } from './discovery-links.js';
import { endpointParameters, type EndpointParameter } from './endpoint-parameters.js';
import {
  BASE_URL_PLACEHOLDER,
  HOW_TO_CALL,
  byDomain,
  docsLinkOf,
  domainTitlesOf,
  priceOf,
} from './llms-text.js';
import type { SandboxAnswer } from './sandbox-answers.js';

/** A word of a shell command in single quotes, safe whatever it holds. */
const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The curl command of a sandbox request, with the test key from `$NL_TEST_KEY`. */
export function curlOf(method: string, request: SandboxRequest): string {
  const url = shellQuoted(`${BASE_URL_PLACEHOLDER}${request.path}`);
  const words = ['curl -s', '-H "X-Api-Key: $NL_TEST_KEY"'];
  // A body makes curl send a POST, the only method with one.
  if (request.body)
    words.push(
      "-H 'Content-Type: application/json'",
      `-d ${shellQuoted(JSON.stringify(request.body))}`,
    );
  return [...words, url].join(' ');
}

function parameterLine(p: EndpointParameter): string {
  const words = p.description ? `: ${p.description}` : '';
  return `- \`${p.name}\` (${p.in}, ${p.type}, ${p.required ? 'required' : 'optional'})${words}`;
}

function answerLines(answer: SandboxAnswer | undefined): string[] {
  if (!answer)
    return ['No example answer: no service answered this endpoint when the file was made.'];
  const replaced = Object.entries(answer.replaced).map(
    ([member, placeholder]) =>
      `\`${member}\` holds the moment of the call, which changes with the clock: it is shown as \`${placeholder}\`.`,
  );
  return [
    `Example answer (HTTP ${answer.status}, \`X-Sandbox: true\`):`,
    '',
    ...replaced.flatMap((line) => [line, '']),
    '```json',
    JSON.stringify(answer.body, null, 2),
    '```',
  ];
}

function endpointSection(
  document: OpenAPIObject,
  endpoint: EndpointDefinition,
  answer: SandboxAnswer | undefined,
): string[] {
  const [path, ...aliases] = endpoint.paths;
  const alsoAt = aliases.length
    ? `; also at ${aliases.map((a) => `\`${openApiPath(a)}\``).join(', ')}`
    : '';
  const parameters = endpointParameters(document, endpoint);
  const example = endpoint.sandbox?.examples[0];
  const gate = endpoint.subscription
    ? ` Paid accounts need the \`${endpoint.subscription}\` subscription; Premium always may call it.`
    : '';
  return [
    '',
    `### ${endpoint.summary}`,
    '',
    `\`${endpoint.method} ${openApiPath(path)}\` (operation \`${endpoint.id}\`, [reference](${docsLinkOf(endpoint)}))${alsoAt}`,
    ...(endpoint.planned ? ['', 'Planned: routed and priced, answers 503 until it is built.'] : []),
    '',
    endpoint.description,
    '',
    'Parameters:',
    '',
    ...(parameters.length ? parameters.map(parameterLine) : ['- none']),
    '',
    `Price per successful call: ${priceOf(endpoint)}. Pay per request with x402: ${endpoint.x402 ? 'yes' : 'no'}.`,
    '',
    `Rate limit per minute and API key: ${describeLimits(endpoint)}.${gate}`,
    ...(example
      ? [
          '',
          `Example with a test key (the sandbox). ${example.description}`,
          '',
          '```sh',
          curlOf(endpoint.method, example),
          '```',
          '',
          ...answerLines(answer),
        ]
      : []),
  ];
}

/**
 * llms-full.txt: llms.txt's introduction, then every endpoint of the catalog in full, grouped
 * by domain: method and paths, parameters as the OpenAPI document has them, price, limits per
 * tier, a curl example of its first sandbox request and the answer the sandbox gave to it.
 */
export function renderLlmsFullTxt(
  catalog: readonly EndpointDefinition[],
  document: OpenAPIObject,
  answers: ReadonlyMap<string, SandboxAnswer>,
): string {
  const titles = domainTitlesOf(document);
  return [
    `# ${API_NAME}: every endpoint in full`,
    '',
    `> ${API_SUMMARY}`,
    '',
    HOW_TO_CALL,
    '',
    `Every example below runs as written with a test key in \`NL_TEST_KEY\` (\`export NL_TEST_KEY=nlk_test_…\`), and its answer is the one the sandbox gives to it: recorded data, the same on every call. The short index is ${BASE_URL_PLACEHOLDER}/llms.txt, the machine-readable contract ${BASE_URL_PLACEHOLDER}/openapi.json.`,
    ...byDomain(catalog).flatMap(([domain, endpoints]) => [
      '',
      `## ${domain}: ${titles[domain] ?? domain}`,
      ...endpoints.flatMap((e) => endpointSection(document, e, answers.get(e.id))),
    ]),
    '',
  ].join('\n');
}
