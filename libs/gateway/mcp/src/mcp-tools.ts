import type { OpenAPIObject } from '@nestjs/swagger';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { formatCredits, type EndpointDefinition, type JsonSchema } from '@nl/contracts-core';
import { endpointAccess, type KeyOwner } from '@nl/gateway-access';
import { inputSchemaOf, operationOf, outputSchemaOf, pathParamsOf } from './tool-schemas.js';

/** One catalog endpoint as an MCP tool, the parts that are the same for every caller. */
export interface EndpointTool {
  readonly name: string;
  readonly endpoint: EndpointDefinition;
  /** The names of the canonical path's parameters, filled in from the arguments. */
  readonly pathParams: readonly string[];
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
}

/** A tool's name: the endpoint's id with `_` for `.` (`cbs.sbi.lookup` → `cbs_sbi_lookup`). */
export function toolName(endpoint: Pick<EndpointDefinition, 'id'>): string {
  return endpoint.id.replace(/\./g, '_');
}

/**
 * One tool per endpoint of the catalog that is built (a planned one has nothing to call), its
 * schemas from the OpenAPI document the gateway serves, so both describe the same contract.
 */
export function endpointTools(
  document: OpenAPIObject,
  catalog: readonly EndpointDefinition[],
): Map<string, EndpointTool> {
  const tools = new Map<string, EndpointTool>();
  for (const endpoint of catalog) {
    if (endpoint.planned) continue;
    const name = toolName(endpoint);
    const taken = tools.get(name);
    if (taken)
      throw new Error(`Endpoints ${taken.endpoint.id} and ${endpoint.id} share the tool ${name}`);
    const operation = operationOf(document, endpoint);
    tools.set(name, {
      name,
      endpoint,
      pathParams: pathParamsOf(endpoint.paths[0]),
      inputSchema: inputSchemaOf(document, operation),
      outputSchema: outputSchemaOf(document, operation),
    });
  }
  return tools;
}

/** What a call costs, in the words of the docs: `0.10 credits (0.05 from cache)`. */
function priceText(endpoint: EndpointDefinition): string {
  const { fresh, cached } = endpoint.price;
  return `${formatCredits(fresh)} credits (${formatCredits(cached)} when answered from cache)`;
}

/**
 * The tools a key may call, as `tools/list` gives them: only the endpoints its tier (and, on
 * Paid, its subscriptions) includes, each described with its price and the key's per-minute
 * limit on it.
 */
export function toolsFor(tools: Iterable<EndpointTool>, owner: KeyOwner): Tool[] {
  const listed: Tool[] = [];
  for (const tool of tools) {
    const access = endpointAccess(tool.endpoint, owner);
    if (!access.available) continue;
    const { summary } = tool.endpoint;
    listed.push({
      name: tool.name,
      title: summary,
      description:
        `${summary}. Price: ${priceText(tool.endpoint)} per successful call; ` +
        `limit: ${access.limitPerMinute} calls per minute for this key.`,
      inputSchema: tool.inputSchema as Tool['inputSchema'],
      ...(tool.outputSchema && { outputSchema: tool.outputSchema as Tool['outputSchema'] }),
      annotations: { title: summary, readOnlyHint: true, openWorldHint: true },
    });
  }
  return listed;
}
