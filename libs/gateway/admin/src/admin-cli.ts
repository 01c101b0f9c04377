import type { Tier } from '@nl/contracts-core';
import { DomainError, validateInput } from '@nl/platform-errors';
import { parseArgs } from 'node:util';
import {
  AllowedOriginsBody,
  CreateAccountBody,
  CreateKeyBody,
  SpendCapsBody,
  TopUpBody,
  UUID,
  UpdateAccountBody,
} from './admin.dto.js';
import { capsText, describeError, detailsText, HELP, keyLine } from './admin-cli.text.js';
import type { AdminService } from './admin.service.js';

export interface AdminCliDeps {
  readonly admin: AdminService;
  readonly print: (line: string) => void;
}

/** A mistake of the caller: printed as a message with exit code 2, never as a stack trace. */
class UsageError extends Error {}

/**
 * The administration CLI (`npm run admin -- …`): the operations of the `/admin` HTTP API on the
 * database directly, for operators with access to it. Returns the process exit code.
 */
export async function runAdminCli(argv: readonly string[], deps: AdminCliDeps): Promise<number> {
  const { admin, print } = deps;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        test: { type: 'boolean', default: false },
        tier: { type: 'string' },
        subscriptions: { type: 'string' },
        credits: { type: 'string' },
        daily: { type: 'string' },
        monthly: { type: 'string' },
        alert: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    print(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command = 'help', ...args] = values.help ? ['help'] : positionals;
  const out = (json: unknown, text: string) =>
    print(values.json ? JSON.stringify(json, null, 2) : text);

  const arg = (index: number, what: string): string => {
    const value = args[index];
    if (!value) throw new UsageError(`${command} needs ${what}.`);
    return value;
  };
  const accountOf = async (index = 0) => {
    const id = arg(index, 'an account id');
    if (!UUID.test(id)) throw new UsageError(`"${id}" is not an account id (a UUID).`);
    const account = await admin.findAccount(id);
    if (!account) throw new UsageError(`There is no account ${id}.`);
    return account;
  };
  const list = (value: string | undefined) =>
    value === undefined || value === 'none'
      ? []
      : value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);

  try {
    switch (command) {
      case 'help':
        print(HELP);
        return 0;
      case 'create-account': {
        const input = validateInput(CreateAccountBody, {
          name: values.name,
          tier: values.tier,
          subscriptions:
            values.subscriptions === undefined ? undefined : list(values.subscriptions),
          credits: values.credits,
        });
        const account = await admin.createAccount(input);
        out(
          account,
          `Created account ${account.id} (${account.name}, ${account.tier}, ${account.balance.toFixed(2)} credits).`,
        );
        return 0;
      }
      case 'bootstrap': {
        const input = validateInput(CreateAccountBody, {
          name: values.name ?? 'Admin',
          tier: values.tier ?? 'premium',
          credits: values.credits,
        });
        const made = await admin.bootstrap(input);
        if (!made) {
          out({ created: false }, 'Accounts exist already: nothing done.');
          return 0;
        }
        const { account, key, info } = made;
        out(
          { created: true, account, key, ...info },
          `Created account ${account.id} (${account.name}, ${account.tier}, ${account.balance.toFixed(2)} credits) ` +
            `and its first key ${info.id}:\n\n    ${key}\n\nStore it now: only its hash is kept, so it cannot be shown again.`,
        );
        return 0;
      }
      case 'list-accounts': {
        const all = await admin.listAccounts();
        out(
          all,
          all.length === 0
            ? 'No accounts.'
            : all
                .map(
                  (a) =>
                    `${a.id}  ${a.tier.padEnd(7)}  ${a.balance.toFixed(2).padStart(12)}  ${a.name}`,
                )
                .join('\n'),
        );
        return 0;
      }
      case 'show': {
        const details = await admin.details(await accountOf());
        out(details, detailsText(details));
        return 0;
      }
      case 'set-tier': {
        const { id } = await accountOf();
        const { tier } = validateInput(UpdateAccountBody, { tier: arg(1, 'a tier') });
        const account = await admin.updateAccount(id, { tier: tier as Tier });
        out(account, `Account ${id} is now ${account.tier}.`);
        return 0;
      }
      case 'set-subscriptions': {
        const { id } = await accountOf();
        const { subscriptions } = validateInput(UpdateAccountBody, {
          subscriptions: list(arg(1, 'subscriptions (a,b or none)')),
        });
        const account = await admin.updateAccount(id, { subscriptions: subscriptions ?? [] });
        out(account, `Account ${id} subscriptions: ${account.subscriptions.join(', ') || 'none'}.`);
        return 0;
      }
      case 'add-credits': {
        const { id } = await accountOf();
        const { credits: amount } = validateInput(TopUpBody, {
          credits: arg(1, 'an amount of credits'),
        });
        const balance = await admin.addCredits(id, amount);
        out(
          { accountId: id, added: amount, balance },
          `Added ${amount.toFixed(2)} credits; the balance is ${balance.toFixed(2)}.`,
        );
        return 0;
      }
      case 'create-key': {
        const { id } = await accountOf();
        const { name, mode } = validateInput(CreateKeyBody, {
          name: values.name,
          mode: values.test ? 'test' : 'live',
        });
        const { key, info } = await admin.createKey(id, name, mode);
        out(
          { key, ...info },
          `New key ${info.id} for account ${id}:\n\n    ${key}\n\nStore it now: only its hash is kept, so it cannot be shown again.`,
        );
        return 0;
      }
      case 'list-keys': {
        const keys = await admin.listKeys((await accountOf()).id);
        out(keys, keys.length === 0 ? 'No keys.' : keys.map(keyLine).join('\n'));
        return 0;
      }
      case 'set-caps': {
        const id = arg(0, 'a key id');
        const caps = validateInput(SpendCapsBody, {
          daily_cap: values.daily,
          monthly_cap: values.monthly,
          alert_percent: values.alert,
        });
        const key = await admin.setSpendCaps(id, caps);
        if (!key) throw new UsageError(`There is no key ${id}.`);
        out(key, `Key ${id}:${capsText(key) || '  no caps'}.`);
        return 0;
      }
      case 'set-origins':
      case 'clear-origins': {
        const id = arg(0, 'a key id');
        const origins = command === 'set-origins' ? args.slice(1) : null;
        if (origins?.length === 0) throw new UsageError('set-origins needs at least one origin.');
        const key = await admin.setAllowedOrigins(
          id,
          validateInput(AllowedOriginsBody, { allowed_origins: origins }),
        );
        if (!key) throw new UsageError(`There is no key ${id}.`);
        out(
          key,
          `Key ${id}: ${key.allowedOrigins ? `only web pages of ${key.allowedOrigins.join(', ')}` : 'web pages of any origin'} may call with it.`,
        );
        return 0;
      }
      case 'revoke-key': {
        const id = arg(0, 'a key id');
        if (!(await admin.revokeKey(id))) throw new UsageError(`There is no live key ${id}.`);
        out(
          { revoked: id },
          `Revoked key ${id}; it stops working at once (other gateway replicas within 5 s).`,
        );
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}".\n\n${HELP}`);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof DomainError) {
      print(describeError(error));
      return 2;
    }
    throw error;
  }
}
