import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ROOT, runScript } from './support/checkout.js';
import { mcpClient } from './support/mcp.js';
import { startStack, type Stack } from './support/stack.js';

// `npm run mcp`: the stdio bridge a desktop client starts, against an app started here.
const BRIDGE = join(ROOT, 'dist/tools/mcp/stdio.js');
const ENV = { PATH: process.env['PATH'] ?? '', NODE_OPTIONS: '' };

/**
 * The bridge run to its end with stdin closed: exit code and output. Not spawnSync: the app it
 * talks to runs in this process and must go on answering.
 */
function runBridge(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BRIDGE], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

describe('the stdio bridge (npm run mcp)', () => {
  let api: Stack;
  let key: string;
  let client: Client;
  const stderr: string[] = [];
  const transportErrors: Error[] = [];

  beforeAll(async () => {
    runScript(ROOT, 'tools/scripts/build.mjs');
    api = await startStack('standalone');
    const { accountId } = await api.account({ tier: 'trial', credits: 5 });
    key = (await api.accounts.createKey(accountId, 'desktop', 'test')).key;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BRIDGE],
      env: { ...ENV, NL_API_URL: api.url, NL_API_KEY: key },
      stderr: 'pipe',
    });
    (transport.stderr as Readable).on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    // A line on stdout that is not JSON-RPC surfaces here.
    transport.onerror = (error) => transportErrors.push(error);
    client = new Client({ name: 'desktop', version: '1.0.0' });
    await client.connect(transport);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  it('should list the tools the remote server lists for the key', async () => {
    const direct = await mcpClient(api.url, key);
    try {
      const { tools } = await client.listTools();
      expect(tools).toEqual((await direct.listTools()).tools);
      expect(tools.length).toBeGreaterThan(0);
    } finally {
      await direct.close();
    }
  });

  it('should call a tool on the remote server: sandbox answer, free, its _meta passed on', async () => {
    const result = (await client.callTool({
      name: 'cbs_sbi_lookup',
      arguments: { code: '62.10' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ found: true, result: { code: '6210' } });
    expect(result._meta).toMatchObject({ status: 200, sandbox: true, creditsCharged: 0 });

    const refused = (await client.callTool({
      name: 'cbs_sbi_lookup',
      arguments: { code: '62ab' },
    })) as CallToolResult;
    expect(refused).toMatchObject({ isError: true, _meta: { code: 'validation_failed' } });
  });

  it('should write nothing but JSON-RPC to stdout, and its own lines to stderr', () => {
    expect(transportErrors).toEqual([]);
    expect(stderr.join('')).toContain(`serving the tools of ${api.url}/mcp`);
  });

  it('should refuse to start without NL_API_KEY, saying so on stderr', async () => {
    const run = await runBridge({ ...ENV, NL_API_URL: api.url });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('set NL_API_KEY');
  });

  it('should refuse to start with a key the server does not know, saying why', async () => {
    const run = await runBridge({ ...ENV, NL_API_URL: api.url, NL_API_KEY: 'nlk_live_unknown' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/cannot reach the MCP server .*401/s);
  });
});
