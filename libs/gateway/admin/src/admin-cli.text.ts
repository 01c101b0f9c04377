import { DomainError } from '@nl/platform-errors';
import type { ApiKeyInfo } from '@nl/gateway-access';
import type { AdminService } from './admin.service.js';

/** A mistake of the caller: printed as a message with exit code 2, never as a stack trace. */
export class UsageError extends Error {}

type AccountDetails = Awaited<ReturnType<AdminService['details']>>;

/** What `npm run admin -- help` prints, and any mistake in the arguments with it. */
export const HELP = `Usage: npm run admin -- <command> [arguments] [--json]

  create-account --name <name> --tier <free|trial|paid|premium> [--subscriptions a,b] [--credits 100]
  bootstrap [--name Admin] [--tier premium] [--credits <credits>]
                                       on a database without accounts only: creates the first
                                       account and prints its live key once; else does nothing
  list-accounts
  show <account id>                        account, balance, keys and usage of the last 30 days
  set-tier <account id> <tier>
  set-subscriptions <account id> <a,b|none>
  add-credits <account id> <credits>       e.g. 250 or 12.50
  create-key <account id> [--name <name>] [--test] [--expires <ISO time>] [--scopes a,b]
                                       prints the key once; it cannot be shown again.
                                       --test: a sandbox key (nlk_test_…): recorded data, free
                                       --expires: it stops working then (401 key_expired)
                                       --scopes: the only domains it may call (403 key_scope)
  list-keys <account id>
  roll-key <key id> [--overlap <seconds>]
                                       prints a new secret once; the replaced one keeps working
                                       for the overlap (default 86400 = 24 h, at most 604800 =
                                       7 days, 0 = not at all). Same key id, caps, spend, usage
  set-expiry <key id> <ISO time|none>  e.g. 2027-01-31T23:59:59Z; none: never expires
  set-scopes <key id> <a,b|none>       the only domains the key may call; none: every domain
  set-caps <key id> [--daily <credits>] [--monthly <credits>] [--alert <percent>]
                                       replaces the key's spend caps (UTC day and month) and
                                       the dashboard's alert threshold; left out: none
  set-origins <key id> <origin>...     only web pages of these origins may call with the key,
                                       e.g. https://shop.example.nl (at most 20)
  clear-origins <key id>               web pages of any origin may call with the key again
  revoke-key <key id>
  help

Works on the configured database (DATABASE_URL, else PGLITE_DATA_DIR, default ./.data).
--json prints machine-readable output.`;

/** A key's caps as `list-keys` and `show` print them, or nothing when it has none. */
export function capsText(k: ApiKeyInfo): string {
  const caps = [
    k.dailyCap !== null && `${k.dailyCap.toFixed(2)}/day`,
    k.monthlyCap !== null && `${k.monthlyCap.toFixed(2)}/month`,
    k.alertPercent !== null && `alert at ${k.alertPercent}%`,
  ].filter(Boolean);
  return caps.length ? `  caps ${caps.join(', ')}` : '';
}

/** One key as `list-keys` and `show` print it. */
export function keyLine(k: ApiKeyInfo): string {
  const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
  const origins = k.allowedOrigins ? `  origins ${k.allowedOrigins.join(' ')}` : '';
  const terms = [
    k.expiresAt && `  expires ${k.expiresAt}`,
    k.scopes && `  scopes ${k.scopes.join(',')}`,
    k.previous && `  previous ${k.previous.prefix} until ${k.previous.until}`,
  ].join('');
  return `${k.id}  ${k.prefix}  ${k.mode}  ${state}${k.name ? `  (${k.name})` : ''}${capsText(k)}${origins}${terms}`;
}

export function describeError(error: unknown): string {
  if (error instanceof DomainError && error.extra.errors?.length)
    return error.extra.errors.map((e) => `${e.field}: ${e.message}`).join('\n');
  return (error as Error).message;
}

/** An account as `show` prints it: its facts, its keys, and its usage of the last 30 days. */
export function detailsText(details: AccountDetails): string {
  const { keys, usage, ...account } = details;
  return [
    `Account   ${account.id}`,
    `Name      ${account.name}`,
    `Tier      ${account.tier}${account.subscriptions.length ? ` (subscriptions: ${account.subscriptions.join(', ')})` : ''}`,
    `Balance   ${account.balance.toFixed(2)} credits`,
    `Keys      ${keys.length === 0 ? 'none' : keys.length}`,
    ...keys.map((k) => `  ${keyLine(k)}`),
    `Usage     ${usage.length === 0 ? 'none in the last 30 days' : 'last 30 days, per day and endpoint'}`,
    ...usage.map(
      (u) =>
        `  ${u.day}  ${u.endpoint.padEnd(32)} ${String(u.calls).padStart(6)} calls  ${u.credits.toFixed(2)} credits`,
    ),
  ].join('\n');
}
