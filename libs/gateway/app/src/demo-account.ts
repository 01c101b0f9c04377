import type { INestApplication } from '@nestjs/common';
import { type Account, AccountsService } from '@nl/gateway-access';
import { CreditsService } from '@nl/gateway-ledger';

export const DEMO_CREDITS = 100_00;

export interface DemoAccount {
  readonly accountId: string;
  /** Real data, charged against the 100 credits. */
  readonly liveKey: string;
  /** The sandbox: recorded data, free, works without internet. */
  readonly testKey: string;
}

const DEMO_NAME = 'Demo';

/**
 * On the first start of a fresh standalone database: a Trial account with 100 credits, one live
 * and one test key, returned so they can be printed once. Null when any account exists already
 * (the x402 system account aside), unless that is a demo account a first start left without
 * keys (stopped between the two steps): its keys are made now, and printed instead.
 */
export async function ensureDemoAccount(app: INestApplication): Promise<DemoAccount | null> {
  const accounts = app.get(AccountsService);
  const found = await accounts.firstAccounts(2);
  const account = found.length
    ? await unfinishedDemo(app, accounts, found)
    : await accounts.createAccount({ name: DEMO_NAME, tier: 'trial', credits: DEMO_CREDITS });
  if (!account) return null;
  // Both keys in one statement: a stop in between cannot leave one of them made but not shown.
  const [live, test] = await accounts.createKeys(account.id, [
    { name: 'demo', mode: 'live' },
    { name: 'demo sandbox', mode: 'test' },
  ]);
  return { accountId: account.id, liveKey: live.key, testKey: test.key };
}

/**
 * The demo account of a first start that stopped before it made the keys, if that is the only
 * account (`found`: the first two), with its top-up made if it stopped before that too
 * (nothing was spent: it had no key).
 */
async function unfinishedDemo(
  app: INestApplication,
  accounts: AccountsService,
  found: readonly Account[],
): Promise<Account | null> {
  const [sole] = found;
  if (found.length !== 1 || sole.name !== DEMO_NAME || sole.tier !== 'trial') return null;
  if (await accounts.hasKeys(sole.id)) return null;
  if (sole.balance === 0) await app.get(CreditsService).topUp(sole.id, DEMO_CREDITS);
  return sole;
}

/** What `npm start` prints: where the API is, and the demo keys with a curl line each. */
export function startBanner(url: string, demo: DemoAccount | null): string {
  const curl = (key: string, path: string) => `curl -s -H 'X-Api-Key: ${key}' '${url}${path}'`;
  const keys = demo
    ? [
        '  Demo account (Trial, 100 credits). Your API keys, shown only this once:',
        '',
        `    live:  ${demo.liveKey}`,
        '           real data from the public registers, charged in credits',
        `    test:  ${demo.testKey}`,
        '           the sandbox: recorded data, X-Sandbox: true, free, works offline',
        '',
        `  Try:    ${curl(demo.liveKey, '/v1/cbs/sbi/62.10')}`,
        `          ${curl(demo.testKey, '/v1/rdw/vehicle-lite?license_plate=TT-601-D')}`,
      ]
    : [
        '  Use the API keys printed at the first start (npm run admin -- help, or the /admin API,',
        '  makes more; add --test for a sandbox key).',
        `  Try:    ${curl('<your key>', '/v1/cbs/sbi/62.10')}`,
      ];
  return [
    '',
    `  NL Data API (standalone) is listening on ${url}`,
    `  Docs:   ${url}/docs     OpenAPI: ${url}/openapi.json`,
    `  Dashboard: ${url}/dashboard (sign in with the live key)`,
    `  Agents: ${url}/mcp (MCP, same keys)   ${url}/llms.txt`,
    ...keys,
    '',
    '',
  ].join('\n');
}
