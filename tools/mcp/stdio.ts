import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

// `npm run --silent mcp`: the API's MCP server for a desktop client that starts its servers as
// processes and talks to them on stdin/stdout. It lists and calls the tools of a remote server
// (NL_API_URL, default http://localhost:3000, its /mcp) with the key in NL_API_KEY; the remote
// server does all the work (tiers, limits, credits). Only JSON-RPC goes to stdout, everything
// else to stderr.

const DEFAULT_URL = 'http://localhost:3000';

/** The remote `/mcp` of a base URL (given with or without the `/mcp`). */
export function mcpUrlOf(base: string): URL {
  const url = new URL(base);
  if (!url.pathname.endsWith('/mcp')) url.pathname = `${url.pathname.replace(/\/$/, '')}/mcp`;
  return url;
}

function fail(message: string): never {
  process.stderr.write(`nl-data-api mcp: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const key = process.env['NL_API_KEY']?.trim();
  if (!key)
    fail(
      'set NL_API_KEY to your API key (nlk_live_… or nlk_test_…); NL_API_URL is the server, default ' +
        DEFAULT_URL,
    );
  let url: URL;
  try {
    url = mcpUrlOf(process.env['NL_API_URL']?.trim() || DEFAULT_URL);
  } catch {
    fail(`NL_API_URL is not a URL: ${process.env['NL_API_URL']}`);
  }
  const remote = new Client({ name: 'nl-data-api-stdio', version: '1.0.0' });
  try {
    await remote.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-api-key': key } } }),
    );
  } catch (error) {
    fail(`cannot reach the MCP server at ${url.href}: ${(error as Error).message}`);
  }
  const info = remote.getServerVersion();
  const server = new Server(
    { name: info?.name ?? 'nl-data-api', version: info?.version ?? '0.0.0', title: info?.title },
    { capabilities: { tools: {} }, instructions: remote.getInstructions() },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) => remote.listTools(request.params));
  // Passed on as the remote server answered: the desktop client checks the output itself.
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    remote.request({ method: 'tools/call', params: request.params }, CallToolResultSchema),
  );
  const stdio = new StdioServerTransport();
  server.onclose = () => void remote.close().finally(() => process.exit(0));
  // The desktop client closing our stdin is the end of the session.
  process.stdin.on('end', () => void server.close());
  await server.connect(stdio);
  process.stderr.write(`nl-data-api mcp: serving the tools of ${url.href} on stdio\n`);
}

main().catch((error: unknown) => fail((error as Error).stack ?? String(error)));
