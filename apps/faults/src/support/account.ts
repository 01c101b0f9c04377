// The load's account, made the way an operator would: through the gateway's /admin HTTP API.
import type { Tier } from '@nl/contracts-core';

export interface LoadAccount {
  readonly accountId: string;
  readonly keys: readonly string[];
}

async function admin<T>(gateway: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${gateway}/admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': token },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST /admin${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** One account of `tier` (Premium for the load) with `credits` and `keys` API keys. */
export async function createLoadAccount(
  gateway: string,
  token: string,
  credits: number,
  keys: number,
  tier: Tier = 'premium',
): Promise<LoadAccount> {
  const account = await admin<{ id: string }>(gateway, token, '/accounts', {
    name: 'fault suite',
    tier,
    credits,
  });
  const created: string[] = [];
  for (let i = 0; i < keys; i++) {
    const { key } = await admin<{ key: string }>(gateway, token, `/accounts/${account.id}/keys`, {
      name: `load ${i + 1}`,
    });
    created.push(key);
  }
  return { accountId: account.id, keys: created };
}

/** Every SBI class (dotted codes) and the distinct words of their titles, for the workload. */
export async function loadSbiClasses(
  gateway: string,
  key: string,
): Promise<{ codes: string[]; words: string[] }> {
  const res = await fetch(`${gateway}/v1/cbs/sbi?level=class&per_page=500`, {
    headers: { 'x-api-key': key },
  });
  if (res.status !== 200) throw new Error(`the SBI class index answered ${res.status}`);
  const { data } = (await res.json()) as { data: { code_dotted: string; title: string }[] };
  const codes = data.map((c) => c.code_dotted);
  const words = new Set(
    data.flatMap((c) => c.title.toLowerCase().split(/[^\p{L}]+/u)).filter((w) => w.length >= 5),
  );
  return { codes, words: [...words] };
}
