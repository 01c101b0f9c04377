import { overlapOf } from '@nl/gateway-access';
import { validateInput } from '@nl/platform-errors';
import {
  AllowedOriginsBody,
  CreateKeyBody,
  ExpiryBody,
  RollKeyBody,
  ScopesBody,
  SpendCapsBody,
} from './admin.dto.js';
import { capsText, keyLine, UsageError } from './admin-cli.text.js';
import type { AdminService } from './admin.service.js';

/** What a key command of the CLI works with (runAdminCli's parsed arguments and helpers). */
export interface KeyCommandContext {
  readonly admin: AdminService;
  readonly args: readonly string[];
  readonly values: {
    name?: string;
    test?: boolean;
    daily?: string;
    monthly?: string;
    alert?: string;
    expires?: string;
    scopes?: string;
    overlap?: string;
  };
  readonly out: (json: unknown, text: string) => void;
  readonly arg: (index: number, what: string) => string;
  readonly accountOf: () => Promise<{ id: string }>;
  readonly list: (value: string | undefined) => string[];
}

/** The CLI's commands on keys; false for a command that is none of them. */
export async function runKeyCommand(command: string, ctx: KeyCommandContext): Promise<boolean> {
  const { admin, args, values, out, arg, accountOf, list } = ctx;
  switch (command) {
    case 'create-key': {
      const { id } = await accountOf();
      const body = validateInput(CreateKeyBody, {
        name: values.name,
        mode: values.test ? 'test' : 'live',
        expires_at: values.expires,
        scopes: values.scopes === undefined ? undefined : list(values.scopes),
      });
      const { key, info } = await admin.createKey(id, body);
      out(
        { key, ...info },
        `New key ${info.id} for account ${id}:\n\n    ${key}\n\nStore it now: only its hash is kept, so it cannot be shown again.`,
      );
      return true;
    }
    case 'list-keys': {
      const keys = await admin.listKeys((await accountOf()).id);
      out(keys, keys.length === 0 ? 'No keys.' : keys.map(keyLine).join('\n'));
      return true;
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
      return true;
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
      return true;
    }
    case 'revoke-key': {
      const id = arg(0, 'a key id');
      if (!(await admin.revokeKey(id))) throw new UsageError(`There is no live key ${id}.`);
      out(
        { revoked: id },
        `Revoked key ${id}; it stops working at once (other gateway replicas within 5 s).`,
      );
      return true;
    }
    case 'roll-key': {
      const id = arg(0, 'a key id');
      const { overlap_seconds } = validateInput(RollKeyBody, { overlap_seconds: values.overlap });
      const overlap = overlapOf(overlap_seconds);
      const rolled = await admin.rollKey(id, overlap);
      if (!rolled) throw new UsageError(`There is no live key ${id}.`);
      const { key, info } = rolled;
      const previous = info.previous
        ? `The secret it replaces (${info.previous.prefix}) works until ${info.previous.until}.`
        : 'The secret it replaces stopped working now.';
      out(
        { key, ...info },
        `New secret of key ${id}:\n\n    ${key}\n\nStore it now: only its hash is kept, so it cannot be shown again. ${previous}`,
      );
      return true;
    }
    case 'set-expiry': {
      const id = arg(0, 'a key id');
      const given = arg(1, 'an expiry (an ISO 8601 time, or none)');
      const body = validateInput(ExpiryBody, { expires_at: given === 'none' ? null : given });
      const key = await admin.setExpiry(id, body.expires_at);
      if (!key) throw new UsageError(`There is no key ${id}.`);
      out(key, `Key ${id}: ${key.expiresAt ? `expires at ${key.expiresAt}` : 'never expires'}.`);
      return true;
    }
    case 'set-scopes': {
      const id = arg(0, 'a key id');
      const body = validateInput(ScopesBody, { scopes: list(arg(1, 'domains (a,b or none)')) });
      const key = await admin.setScopes(id, body.scopes);
      if (!key) throw new UsageError(`There is no key ${id}.`);
      out(key, `Key ${id} may call ${key.scopes ? key.scopes.join(', ') : 'every domain'}.`);
      return true;
    }
    default:
      return false;
  }
}
