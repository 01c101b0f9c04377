import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DOMAIN_PARTS } from '@nl/composition';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { Tier } from '@nl/contracts-core';
import { rdwRecording, recordedRows } from '@nl/domain-rdw';
import { endpointAccess } from '@nl/gateway-access';
import { toolName } from '@nl/gateway-mcp';
import { RdwFake } from '@nl/testing';
import { argumentsOf, callTool, mcpClient } from './support/mcp.js';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'e2e', version: '1.0.0' },
  },
};
const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** The tool names a key of `tier` (without subscriptions) may call, from the catalog. */
const toolsOfTier = (tier: Tier) =>
  ENDPOINT_CATALOG.filter(
    (e) => !e.planned && endpointAccess(e, { tier, subscriptions: [] }).available,
  )
    .map(toolName)
    .sort();

describe.each(PROFILES)('the MCP server at /mcp (%s)', (profile) => {
  let api: Stack;
  let rdw: RdwFake;
  const clients: Client[] = [];
  const connect = async (key: string) => {
    const client = await mcpClient(api.url, key);
    clients.push(client);
    await client.listTools();
    return client;
  };
  /** The ledger's settlement of one request: what it charged, in hundredths. */
  const charged = async (requestId: string | undefined) =>
    (
      (await api.db.query(
        `SELECT coalesce(sum(charged), 0)::int AS charged, count(*)::int AS n
           FROM gw.credit_ledger WHERE request_id = $1 AND kind = 'settle'`,
        [requestId],
      )) as { charged: number; n: number }[]
    )[0];

  beforeAll(async () => {
    rdw = await RdwFake.start({ recording: rdwRecording, rows: recordedRows });
    api = await startStack(profile, { serviceEnv: { RDW_URL: rdw.url } });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await api?.close();
    await rdw?.close();
  });

  it('should answer 401 problem+json with a Bearer challenge without a key or with a bad one', async () => {
    for (const headers of [MCP_HEADERS, { ...MCP_HEADERS, 'x-api-key': 'nlk_live_nope' }]) {
      const res = await api.fetch('/mcp', {
        method: 'POST',
        headers,
        body: JSON.stringify(INITIALIZE),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await jsonOf(res)).toMatchObject({ code: 'unauthorized', status: 401 });
    }
  });

  it('should answer GET and DELETE 405 (no event stream, no sessions) and bad JSON a parse error', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await api.fetch('/mcp', { method, headers: api.auth });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    }
    const bad = await api.fetch('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, ...api.auth },
      body: '{"jsonrpc": "2.0", ',
    });
    expect(bad.status).toBe(400);
    expect(await jsonOf(bad)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
    const big = await api.fetch('/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, ...api.auth },
      body: JSON.stringify({ ...INITIALIZE, padding: 'x'.repeat(70_000) }),
    });
    expect(big.status).toBe(413);
  });

  it('should list one tool per endpoint the tier may call, described with price and limit', async () => {
    const premium = await connect(api.auth['x-api-key']);
    const { tools } = await premium.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(toolsOfTier('premium'));
    // Every answer of the catalog is an object, so every tool describes it.
    expect(tools.filter((t) => !t.outputSchema).map((t) => t.name)).toEqual([]);
    const lookup = tools.find((t) => t.name === 'rdw_vehicle_lite');
    expect(lookup).toMatchObject({
      title: ENDPOINT_CATALOG.find((e) => e.id === 'rdw.vehicle.lite')?.summary,
      annotations: { readOnlyHint: true },
      inputSchema: { type: 'object', required: ['license_plate'], additionalProperties: false },
      outputSchema: { type: 'object' },
    });
    expect(lookup?.description).toContain('1.00 credits (0.50 when answered from cache)');
    expect(lookup?.description).toContain('120 calls per minute');

    const free = await api.account({ tier: 'free' });
    const { tools: freeTools } = await (await connect(free.key)).listTools();
    expect(freeTools.map((t) => t.name).sort()).toEqual(toolsOfTier('free'));
    expect(freeTools.length).toBeLessThan(tools.length);
  });

  it('should charge a tool call as the same HTTP call: fresh, then the cached price, in the ledger', async () => {
    const { key } = await api.account({ tier: 'paid', credits: 10 });
    const client = await connect(key);
    const args = { license_plate: 'TT-601-D' };
    const first = await callTool(client, 'rdw_vehicle_lite', args);
    expect(first.isError).toBeFalsy();
    expect(first.meta).toMatchObject({ status: 200, cache: 'MISS', source: 'rdw', sandbox: false });
    expect(first.meta).toMatchObject({ creditsCharged: 1, creditsRemaining: 9 });
    expect(first.structuredContent).toEqual(first.json);

    const second = await callTool(client, 'rdw_vehicle_lite', args);
    expect(second.meta).toMatchObject({ cache: 'HIT', creditsCharged: 0.5, creditsRemaining: 8.5 });
    expect(second.structuredContent).toEqual(first.structuredContent);
    expect(await charged(first.meta.requestId)).toEqual({ charged: 100, n: 1 });
    expect(await charged(second.meta.requestId)).toEqual({ charged: 50, n: 1 });

    // The same call over HTTP costs the same and answers the same.
    const http = await api.get('/v1/rdw/vehicle-lite?license_plate=TT-601-D', { 'x-api-key': key });
    expect(Number(http.headers.get('x-credits-charged'))).toBe(second.meta.creditsCharged);
    expect(http.headers.get('x-credits-remaining')).toBe('8.00');
    expect(await jsonOf(http)).toEqual(second.structuredContent);
  });

  it('should hand bad arguments to our validation: a tool error with validation_failed, not charged', async () => {
    const { key } = await api.account({ tier: 'paid', credits: 10 });
    const client = await connect(key);
    const bad = await callTool(client, 'rdw_vehicle_lite', { license_plate: '!!', extra: 1 });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toBeUndefined();
    expect(bad.meta).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(bad.json).toMatchObject({ code: 'validation_failed', status: 400 });
    const fields = (bad.json as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['license_plate', 'extra']));
    expect(await charged(bad.meta.requestId)).toEqual({ charged: 0, n: 0 });

    const missing = await callTool(client, 'cbs_sbi_lookup', {});
    expect(missing).toMatchObject({ isError: true, meta: { code: 'validation_failed' } });
    expect(missing.json).toMatchObject({ errors: [{ field: 'code' }] });
  });

  it('should answer a test key from the sandbox, free', async () => {
    const { accountId } = await api.account({ tier: 'trial', credits: 5 });
    const testKey = (await api.accounts.createKey(accountId, 'mcp', 'test')).key;
    const client = await connect(testKey);
    const result = await callTool(client, 'rdw_vehicle_lite', { license_plate: 'TT-601-D' });
    expect(result.isError).toBeFalsy();
    expect(result.meta).toMatchObject({ sandbox: true, creditsCharged: 0, creditsRemaining: 5 });
    expect(result.structuredContent).toMatchObject({ vehicle: { brand: 'VOLKSWAGEN' } });
    expect(await charged(result.meta.requestId)).toEqual({ charged: 0, n: 0 });
  });

  it('should share the per-minute limit of a key between HTTP and MCP calls', async () => {
    // Trial: 10 calls a minute to the vehicle lookups.
    const { key } = await api.account({ tier: 'trial', credits: 20 });
    const client = await connect(key);
    const path = '/v1/rdw/vehicle-lite?license_plate=TT-601-D';
    for (let i = 0; i < 5; i++) {
      expect((await api.get(path, { 'x-api-key': key })).status).toBe(200);
      const result = await callTool(client, 'rdw_vehicle_lite', { license_plate: 'TT-601-D' });
      expect(result.meta.status).toBe(200);
    }
    const refused = await callTool(client, 'rdw_vehicle_lite', { license_plate: 'TT-601-D' });
    expect(refused).toMatchObject({ isError: true, meta: { status: 429, code: 'rate_limited' } });
    expect(refused.meta.retryAfterSeconds).toBeGreaterThan(0);
    expect((await api.get(path, { 'x-api-key': key })).status).toBe(429);
  });
});

describe('the tools answer as their output schemas say (standalone)', () => {
  const BUILT = ENDPOINT_CATALOG.filter((e) => e.domain in DOMAIN_PARTS && e.sandbox && !e.planned);
  const EXAMPLES = BUILT.flatMap((e) =>
    (e.sandbox?.examples ?? []).map((x) => [toolName(e), argumentsOf(e, x)] as const),
  );
  let api: Stack;
  let client: Client;
  beforeAll(async () => {
    api = await startStack('standalone');
    const { accountId } = await api.account({ tier: 'premium' });
    client = await mcpClient(api.url, (await api.accounts.createKey(accountId, 'mcp', 'test')).key);
    // The client learns each tool's output schema here and checks every answer against it.
    await client.listTools();
  });
  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  it.each(EXAMPLES)(
    '%s %j answers structured content its output schema accepts',
    async (name, args) => {
      const result = await callTool(client, name, args);
      expect({ isError: result.isError, meta: result.meta, json: result.json }).toMatchObject({
        meta: { status: 200, sandbox: true },
      });
      expect(result.structuredContent).toEqual(result.json);
    },
  );
});
