// A local EVM (Hardhat 3's EDR engine, in this process) behind JSON-RPC over HTTP on 127.0.0.1,
// for the x402 chain test. Started as a child process by LocalChain: Hardhat's plugin loading
// needs plain Node module resolution, which a test runner's module sandbox does not give it.
// Prints `READY <port>` once it listens; argv[2] is the chain id.
import { createServer } from 'node:http';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';

const chainId = Number(process.argv[2] ?? 84532);
const hre = await createHardhatRuntimeEnvironment({
  networks: { local: { type: 'edr-simulated', chainId } },
});
const { provider } = await hre.network.connect('local');

async function one(call) {
  try {
    const result = await provider.request({ method: call.method, params: call.params });
    return { jsonrpc: '2.0', id: call.id, result };
  } catch (error) {
    return {
      jsonrpc: '2.0',
      id: call.id,
      error: { code: error.code ?? -32000, message: error.message, data: error.data },
    };
  }
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', async () => {
    const parsed = JSON.parse(body);
    const reply = Array.isArray(parsed) ? await Promise.all(parsed.map(one)) : await one(parsed);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
