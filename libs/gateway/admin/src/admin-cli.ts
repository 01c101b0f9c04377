import type { Tier } from '@nl/contracts-core';
import { DomainError, validateInput } from '@nl/platform-errors';
import { parseArgs } from 'node:util';
import { CreateAccountBody, TopUpBody, UUID, UpdateAccountBody } from './admin.dto.js';
import { runKeyCommand } from './admin-cli-keys.js';
import { describeError, detailsText, HELP, UsageError } from './admin-cli.text.js';
import type { AdminService } from './admin.service.js';

export interface AdminCliDeps {
  readonly admin: AdminService;
  readonly print: (line: string) => void;
}

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
        expires: { type: 'string' },
        scopes: { type: 'string' },
        overlap: { type: 'string' },
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
      default:
        if (await runKeyCommand(command, { admin, args, values, out, arg, accountOf, list }))
          return 0;
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
