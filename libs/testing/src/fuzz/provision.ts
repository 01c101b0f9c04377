import type { FuzzContext } from './valid.js';

/** A call to the gateway's admin API (`X-Admin-Token`); throws unless it answers 2xx. */
async function admin<T>(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-admin-token': token,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

interface CreatedKey {
  readonly key: string;
  readonly info: { readonly id: string };
}

async function createAccount(base: string, token: string, tier: string, credits: number) {
  const body = { name: `fuzz ${tier}`, tier, credits };
  return (await admin<{ id: string }>(base, token, 'POST', '/admin/accounts', body)).id;
}

function createKey(base: string, token: string, accountId: string): Promise<CreatedKey> {
  return admin<CreatedKey>(base, token, 'POST', `/admin/accounts/${accountId}/keys`, {
    name: 'fuzz',
  });
}

/**
 * What the admin cases and the "revoked key" cases need: a revoked key, and a scratch account
 * the admin cases may change at will (never the account whose keys the other cases use).
 */
export async function provisionAdminFixtures(
  base: string,
  adminToken: string,
): Promise<Pick<FuzzContext, 'revokedKey' | 'scratchAccountId' | 'adminToken'>> {
  const scratchAccountId = await createAccount(base, adminToken, 'trial', 10);
  const revoked = await createKey(base, adminToken, scratchAccountId);
  await admin(base, adminToken, 'DELETE', `/admin/keys/${revoked.info.id}`);
  return { adminToken, scratchAccountId, revokedKey: revoked.key };
}

/**
 * Everything through the admin HTTP API: a Premium account with a million credits and `keys`
 * keys (per-key rate limits are what keeps most cases from a 429), plus the admin fixtures.
 */
export async function provisionFuzzContext(
  base: string,
  adminToken: string,
  keys = 16,
): Promise<FuzzContext> {
  const accountId = await createAccount(base, adminToken, 'premium', 1_000_000);
  const created: string[] = [];
  for (let i = 0; i < keys; i++) created.push((await createKey(base, adminToken, accountId)).key);
  return { keys: created, ...(await provisionAdminFixtures(base, adminToken)) };
}
