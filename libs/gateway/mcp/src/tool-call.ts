import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { problem } from '@nl/gateway-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { EndpointTool } from './mcp-tools.js';

/** The headers of the caller's `/mcp` request that its tool calls carry on. */
export interface CallerHeaders {
  /** The API key, sent on as `X-Api-Key`. */
  readonly key: string;
  /** The page's origin, where a browser made the call: a key's allowed origins apply alike. */
  readonly origin?: string;
}

/** A query or path value as a caller would have written it in the URL. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The HTTP request a tool call stands for: the canonical path with the path parameters filled
 * in; the other arguments as the query of a GET or the JSON body of a POST. Undefined when a
 * path parameter is missing (the route would not match; {@link missingPathParams} answers it).
 */
export function requestOf(
  tool: EndpointTool,
  args: Readonly<Record<string, unknown>>,
  caller: CallerHeaders,
): InjectOptions | undefined {
  const { endpoint } = tool;
  const rest: Record<string, unknown> = { ...args };
  let path = endpoint.paths[0];
  for (const name of tool.pathParams) {
    const value = rest[name];
    if (value === undefined || value === null || value === '') return undefined;
    delete rest[name];
    path = path.replace(`:${name}`, encodeURIComponent(text(value)));
  }
  const headers: Record<string, string> = { 'x-api-key': caller.key };
  if (caller.origin !== undefined) headers['origin'] = caller.origin;
  if (endpoint.method === 'POST') {
    headers['content-type'] = 'application/json';
    return { method: 'POST', url: path, headers, payload: JSON.stringify(rest) };
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(rest)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, text(item));
  }
  const search = query.toString();
  return { method: 'GET', url: search ? `${path}?${search}` : path, headers };
}

/** The answer to a call that left out a path parameter: our `400 validation_failed`. */
export function missingPathParams(
  tool: EndpointTool,
  args: Readonly<Record<string, unknown>>,
): CallToolResult {
  const missing = tool.pathParams.filter((name) =>
    [undefined, null, ''].includes(args[name] as never),
  );
  const body = problem({
    code: 'validation_failed',
    instance: tool.endpoint.paths[0],
    requestId: randomUUID(),
    errors: missing.map((field) => ({ field, message: `${field} is required` })),
  });
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(body) }],
    _meta: { status: body.status, code: body.code, requestId: body.requestId },
  };
}

function header(response: LightMyRequestResponse, name: string): string | undefined {
  const value = response.headers[name];
  return value === undefined ? undefined : String(value);
}

/** A credit header as a number of credits, when the answer has it. */
function creditsHeader(response: LightMyRequestResponse, name: string): number | undefined {
  const value = header(response, name);
  return value === undefined ? undefined : Number(value);
}

/**
 * What the HTTP answer said beside its body, for the tool result's `_meta`: its status, what
 * it cost and what is left, whether the cache answered, the source, the sandbox, the request
 * id (to find the call in the usage and the ledger) and, for a refusal, when to retry.
 */
function metaOf(response: LightMyRequestResponse, code: unknown): Record<string, unknown> {
  const retryAfter = header(response, 'retry-after');
  const entries: Record<string, unknown> = {
    status: response.statusCode,
    requestId: header(response, 'x-request-id'),
    creditsCharged: creditsHeader(response, 'x-credits-charged'),
    creditsRemaining: creditsHeader(response, 'x-credits-remaining'),
    cache: header(response, 'x-cache'),
    source: header(response, 'x-source'),
    sandbox: header(response, 'x-sandbox') === 'true',
    retryAfterSeconds: retryAfter === undefined ? undefined : Number(retryAfter),
    code: typeof code === 'string' ? code : undefined,
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

/**
 * The HTTP answer as a tool result. A 2xx: its JSON as `structuredContent` (an object always,
 * as the output schema says) and as text. Anything else: `isError` with the body (our
 * problem+json with its `code`, or the body the spec defines) as text only, since a client
 * checks any `structuredContent` against the tool's output schema, which describes the success.
 */
export function resultOf(response: LightMyRequestResponse): CallToolResult {
  const body = response.body;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  const content: CallToolResult['content'] = [{ type: 'text', text: body }];
  if (response.statusCode >= 200 && response.statusCode < 300)
    return {
      content,
      ...(json !== null && typeof json === 'object' && !Array.isArray(json)
        ? { structuredContent: json as Record<string, unknown> }
        : {}),
      _meta: metaOf(response, undefined),
    };
  const code = (json as { code?: unknown } | undefined)?.code;
  return { isError: true, content, _meta: metaOf(response, code) };
}
