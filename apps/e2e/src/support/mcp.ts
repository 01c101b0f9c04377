import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { EndpointDefinition, SandboxRequest } from '@nl/contracts-core';

/** An MCP client (the official SDK's) connected to the `/mcp` of `baseUrl` with `key`. */
export async function mcpClient(baseUrl: string, key: string): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { 'x-api-key': key } },
  });
  await client.connect(transport);
  return client;
}

/** What a tool result's `_meta` carries from the HTTP answer. */
export interface ToolMeta {
  status: number;
  requestId?: string;
  creditsCharged?: number;
  creditsRemaining?: number;
  cache?: string;
  source?: string;
  sandbox: boolean;
  retryAfterSeconds?: number;
  code?: string;
}

/** A tool call's result with its `_meta` typed. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult & { meta: ToolMeta; json: unknown }> {
  // The tool list is read first: the client checks an answer against the output schema it
  // learnt from it.
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content[0]?.type === 'text' ? result.content[0].text : 'null';
  return { ...result, meta: result._meta as unknown as ToolMeta, json: JSON.parse(text) };
}

/**
 * A sandbox request of the catalog as tool arguments: the path parameters of whichever of the
 * endpoint's paths it uses, and its query, or its body.
 */
export function argumentsOf(
  endpoint: EndpointDefinition,
  request: SandboxRequest,
): Record<string, unknown> {
  const url = new URL(request.path, 'http://x');
  const args: Record<string, unknown> = { ...request.body };
  for (const [name, value] of url.searchParams) args[name] = value;
  for (const pattern of endpoint.paths) {
    const names: string[] = [];
    const regex = new RegExp(
      `^${pattern.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    const match = regex.exec(url.pathname);
    if (!match) continue;
    names.forEach((name, i) => (args[name] = decodeURIComponent(match[i + 1])));
    return args;
  }
  throw new Error(`${request.path} is none of the paths of ${endpoint.id}`);
}
