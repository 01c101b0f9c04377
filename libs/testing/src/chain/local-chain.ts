import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createWalletClient, http, parseEther, publicActions, type Abi, type Hex } from 'viem';

/** The EDR engine's native package for this platform, which npm may skip. */
export async function localChainAvailable(): Promise<boolean> {
  try {
    await import('@nomicfoundation/edr');
    return true;
  } catch {
    return false;
  }
}

interface Compiled {
  readonly abi: Abi;
  readonly bytecode: Hex;
}

/** Compiles TestUsd.sol (our own EIP-3009 token) with solc-js, in about 2 s. */
function compileTestUsd(): Compiled {
  const require = createRequire(import.meta.url);
  const solc = require('solc') as { compile(input: string): string };
  const source = readFileSync(new URL('./TestUsd.sol', import.meta.url), 'utf8');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'TestUsd.sol': { content: source } },
        settings: {
          evmVersion: 'cancun',
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { TestUsd: ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestUsd.sol'].TestUsd;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/**
 * A real EVM (Hardhat 3's EDR engine, no node binary to download) in a child Node process,
 * reachable over JSON-RPC on 127.0.0.1 so the gateway's in-process facilitator talks to it as to
 * any RPC node, with our own EIP-3009 token deployed.
 */
export class LocalChain {
  private constructor(
    readonly chainId: number,
    private readonly child: ChildProcess,
    readonly url: string,
    readonly token: { address: Hex; name: string; abi: Abi },
  ) {}

  static async start(chainId: number, tokenName = 'Test USD'): Promise<LocalChain> {
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('./chain-process.mjs', import.meta.url)), String(chainId)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const ready = /READY (\d+)/.exec(out);
        if (ready) resolve(Number(ready[1]));
      });
      child.once('exit', (code) => reject(new Error(`the chain process ended (${code})`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const admin = await adminClient(url, chainId);
    const compiled = compileTestUsd();
    const deployed = await admin.waitForTransactionReceipt({
      hash: await admin.deployContract({ ...compiled, args: [tokenName] }),
    });
    const token = { address: deployed.contractAddress as Hex, name: tokenName, abi: compiled.abi };
    return new LocalChain(chainId, child, url, token);
  }

  /** Mints token units to `to`. */
  async mint(to: Hex, value: bigint): Promise<void> {
    const admin = await adminClient(this.url, this.chainId);
    await admin.waitForTransactionReceipt({
      hash: await admin.writeContract({
        address: this.token.address,
        abi: this.token.abi,
        functionName: 'mint',
        args: [to, value],
      }),
    });
  }

  /** Sends `eth` of the chain's coin to `to` (a facilitator's gas). */
  async fund(to: Hex, eth = '1'): Promise<void> {
    const admin = await adminClient(this.url, this.chainId);
    await admin.waitForTransactionReceipt({
      hash: await admin.sendTransaction({ to, value: parseEther(eth) }),
    });
  }

  async balanceOf(address: Hex): Promise<bigint> {
    const admin = await adminClient(this.url, this.chainId);
    return (await admin.readContract({
      address: this.token.address,
      abi: this.token.abi,
      functionName: 'balanceOf',
      args: [address],
    })) as bigint;
  }

  async receiptOf(hash: Hex): Promise<{ status: string }> {
    const admin = await adminClient(this.url, this.chainId);
    return admin.getTransactionReceipt({ hash });
  }

  close(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

/** A client acting as the chain's first (funded, unlocked) account. */
async function adminClient(url: string, chainId: number) {
  const transport = http(url, { retryCount: 0 });
  // The chain's own accounts are unlocked: the first one signs through JSON-RPC.
  const [account] = await createWalletClient({ transport }).getAddresses();
  const chain = {
    id: chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1'] } },
  } as const;
  return createWalletClient({
    account,
    chain,
    transport,
  }).extend(publicActions);
}
