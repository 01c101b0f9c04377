// `npm run bench:mcp`: what a call over MCP costs next to the same call over HTTP. Starts the
// standalone app as `npm run bench` starts its row a (auth, limits and credits on, a Premium
// key), on a port of its own (BENCH_MCP_PORT, default 3411), warms the cached endpoint, then
// makes BENCH_MCP_CALLS (default 2000) sequential calls each way: GET /v1/cbs/sbi/6210, and
// tools/call cbs_sbi_lookup {code: 6210} through the official SDK client over Streamable HTTP.
// The two alternate in chunks of BENCH_MCP_CHUNK calls (default 50, which goes first alternating
// too), so a machine whose speed drifts slows both alike. Prints p50, p99 and mean latency of
// each and the MCP/HTTP ratios. One call at a time: the latency an agent sees, not throughput.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { killChildrenOnExit } from './child-process.js';
import { warm } from './measure.js';
import { standaloneTarget } from './targets.js';

const CALLS = Number(process.env.BENCH_MCP_CALLS ?? 2000);
const CHUNK = Number(process.env.BENCH_MCP_CHUNK ?? 50);
const TOOL = { name: 'cbs_sbi_lookup', arguments: { code: '6210' } };
/** Not a port of `npm run bench`'s rows (3401–3406), so the two never meet. */
const PORT = Number(process.env.BENCH_MCP_PORT ?? 3411);

/** The `q` quantile of sorted milliseconds (nearest rank). */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), mean };
}

/** Runs `call` `times` times one after the other, adding each one's milliseconds to `into`. */
async function timed(times: number, call: () => Promise<void>, into: number[]): Promise<void> {
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await call();
    into.push(performance.now() - started);
  }
}

async function main(): Promise<void> {
  killChildrenOnExit();
  const running = await standaloneTarget('mcp', true, PORT).start({});
  const client = new Client({ name: 'bench', version: '1.0.0' });
  try {
    const headers = running.headers ?? {};
    const warmed = await warm(running.url, headers);
    if (warmed.cache !== 'HIT') throw new Error(`the endpoint is not cached: ${warmed.cache}`);
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', running.url), {
        requestInit: { headers },
      }),
    );
    await client.listTools();
    const first = (await client.callTool(TOOL)) as CallToolResult;
    if (first.isError || first._meta?.['cache'] !== 'HIT')
      throw new Error(`the tool call is not a cached answer: ${JSON.stringify(first._meta)}`);

    const http = async () => {
      const res = await fetch(running.url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    };
    const mcp = async () => {
      const result = (await client.callTool(TOOL)) as CallToolResult;
      if (result.isError) throw new Error(`MCP: ${JSON.stringify(result.content)}`);
    };
    const samples = { http: [] as number[], mcp: [] as number[] };
    for (let done = 0, round = 0; done < CALLS; done += CHUNK, round++) {
      const n = Math.min(CHUNK, CALLS - done);
      const order = round % 2 === 0 ? (['http', 'mcp'] as const) : (['mcp', 'http'] as const);
      for (const way of order) await timed(n, way === 'http' ? http : mcp, samples[way]);
    }
    const [h, m] = [summary(samples.http), summary(samples.mcp)];
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    const line = (label: string, s: ReturnType<typeof summary>) =>
      `  ${label.padEnd(32)} p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  mean ${ms(s.mean)}`;
    // The report is this tool's output (stdout), as bench.ts's table; not a log line.
    process.stdout.write(
      [
        `${CALLS} sequential cached calls each way, in chunks of ${CHUNK}:`,
        line(`HTTP GET ${new URL(running.url).pathname}`, h),
        line(`MCP tools/call ${TOOL.name}`, m),
        `  MCP / HTTP: p50 ×${(m.p50 / h.p50).toFixed(2)}  p99 ×${(m.p99 / h.p99).toFixed(2)}  mean ×${(m.mean / h.mean).toFixed(2)}`,
      ].join('\n') + '\n',
    );
  } finally {
    await client.close();
    await running.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
