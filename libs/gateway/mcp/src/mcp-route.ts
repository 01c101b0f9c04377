import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EndpointDefinition } from '@nl/contracts-core';
import { AccountsService, authenticate, credentialOf, type KeyOwner } from '@nl/gateway-access';
import { createOpenApiDocument, GATEWAY_CATALOG, HttpProblemFilter } from '@nl/gateway-core';
import { LOGGER, type Logger } from '@nl/platform-logging';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mcpServer } from './mcp-server.js';
import { endpointTools, type EndpointTool } from './mcp-tools.js';

/** Where the MCP server answers. */
export const MCP_PATH = '/mcp';

/**
 * Largest JSON-RPC body: a call's arguments are an endpoint's few parameters, a batch a few
 * such calls; 64 KB is far above any of them.
 */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

/** A JSON-RPC error as the whole answer (there is no request id to answer to). */
function sendJsonRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .code(status)
    .header('content-type', 'application/json')
    .send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** The key the request authenticated with (checked before, so it is there). */
function keyOf(request: FastifyRequest): string {
  const key = credentialOf(request);
  if (key === null) throw new Error('The request was authenticated without a key');
  return key;
}

/**
 * The MCP server at `/mcp`, Streamable HTTP without sessions: each POST is one JSON-RPC message
 * (or batch) answered with JSON, by a server made for that request; GET (an event stream) and
 * DELETE (ending a session) are `405` as for any method a path lacks. The request carries the
 * API key as every API call does, and a bad or missing key is the API's `401`. The body is read
 * as text by a parser of this route alone, so malformed JSON is a JSON-RPC parse error.
 */
export function configureMcp(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const accounts = app.get(AccountsService);
  const problems = app.get(HttpProblemFilter);
  const logger = app.get<Logger>(LOGGER);
  let tools: Map<string, EndpointTool> | undefined;
  // Built at the first call, from the document the app serves (routes exist only once it runs).
  const toolsOf = () =>
    (tools ??= endpointTools(
      createOpenApiDocument(app),
      app.get<readonly EndpointDefinition[]>(GATEWAY_CATALOG),
    ));

  async function post(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let owner: KeyOwner;
    try {
      owner = await authenticate(accounts, request, reply);
    } catch (error) {
      return problems.refuse(request, reply, problems.toDomainError(error));
    }
    let message: unknown;
    try {
      message = JSON.parse(request.body as string);
    } catch {
      return sendJsonRpcError(reply, 400, -32700, 'Parse error: the body is not valid JSON.');
    }
    const origin = request.headers.origin;
    const server = mcpServer(toolsOf(), { owner, key: keyOf(request), origin }, (options) =>
      fastify.inject(options),
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    // The transport writes the answer itself: the headers set so far (X-Request-Id) go with it.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, message);
    } catch (error) {
      // Past the hijack Fastify answers nothing: a failure is a JSON-RPC internal error.
      logger.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent)
        reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32603, message: 'Internal error' },
            id: null,
          }),
        );
    }
  }

  void fastify.register((scope: FastifyInstance, _options, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: MCP_MAX_BODY_BYTES },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.post(MCP_PATH, post);
    done();
  });
}
