import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { KeyOwner } from '@nl/gateway-access';
import { API_VERSION } from '@nl/gateway-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { toolsFor, type EndpointTool } from './mcp-tools.js';
import { missingPathParams, requestOf, resultOf, type CallerHeaders } from './tool-call.js';

const INSTRUCTIONS =
  'Dutch public-register data and validations, one tool per API endpoint. Every successful ' +
  'call costs the credits its description names (less when answered from cache); a tool ' +
  "result's _meta says what it cost and what is left. Test keys (nlk_test_) answer from " +
  'recorded data for free.';

/** Runs one HTTP request through the gateway (Fastify's `inject`). */
export type Inject = (request: InjectOptions) => Promise<LightMyRequestResponse>;

export interface McpCaller extends CallerHeaders {
  readonly owner: KeyOwner;
}

/**
 * The MCP server of one `/mcp` request (stateless: nothing outlives the request). The low-level
 * server, not `McpServer`: tools are described by plain JSON Schemas and no arguments are
 * checked here, so a bad argument reaches the gateway's own validation and comes back as our
 * `validation_failed` with its field errors, as over HTTP.
 */
export function mcpServer(
  tools: ReadonlyMap<string, EndpointTool>,
  caller: McpCaller,
  inject: Inject,
): Server {
  const server = new Server(
    { name: 'nl-data-api', title: 'NL Data API', version: API_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolsFor(tools.values(), caller.owner),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    // The call goes through the HTTP pipeline as a request of the caller's key would:
    // validation, tier, rate limit, credits, ledger and usage are the HTTP API's own.
    const http = requestOf(tool, args, caller);
    if (!http) return missingPathParams(tool, args);
    return resultOf(await inject(http));
  });
  return server;
}
