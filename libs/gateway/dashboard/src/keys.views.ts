import type { ApiKeyInfo } from '@nl/gateway-access';
import type { CreatedKey } from './dashboard-flash.js';
import { csrfField, html, table, type Html } from './html.js';
import { termsFields } from './key-terms.views.js';

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') + ' UTC' : 'never');
const named = (key: { prefix: string; name: string | null }) =>
  html`<code>${key.prefix}</code>${key.name ? html` (${key.name})` : ''}`;

function keyRow(k: ApiKeyInfo, csrf: string): Html[] {
  const live = k.revokedAt === null;
  return [
    html`<code>${k.prefix}</code>`,
    live
      ? html`<form method="post" action="/dashboard/keys/${k.id}/name" class="inline">
          ${csrfField(csrf)}
          <label class="sr-only" for="name-${k.id}">Name of ${k.prefix}</label>
          <input id="name-${k.id}" name="name" value="${k.name ?? ''}" maxlength="100" />
          <button type="submit">Rename</button>
        </form>`
      : html`${k.name ?? ''}`,
    html`${k.mode}`,
    html`${when(k.createdAt)}`,
    html`${when(k.lastUsedAt)}`,
    html`${k.expiresAt ? when(k.expiresAt) : 'never'}${k.scopes && html`<br />only ${k.scopes.join(', ')}`}`,
    live
      ? html`<a href="/dashboard/keys/${k.id}/roll">Roll…</a>
          <a href="/dashboard/keys/${k.id}/revoke" class="danger">Revoke…</a>${
            k.previous &&
            html`<br /><small
                >previous secret <code>${k.previous.prefix}</code> works until
                ${when(k.previous.until)}</small
              >`
          }`
      : html`revoked ${when(k.revokedAt)}`,
  ];
}

export function keysView(keys: readonly ApiKeyInfo[], csrf: string): Html {
  return html`${table(
      'Your API keys',
      [
        'Key',
        'Name',
        'Mode',
        'Created',
        'Last used',
        'Expires',
        { label: 'Actions', hidden: true },
      ],
      keys.map((k) => keyRow(k, csrf)),
    )}
    <h2 id="create">Create a key</h2>
    <form method="post" action="/dashboard/keys" class="stack">
      ${csrfField(csrf)}
      <label for="new-name">Name (optional)</label>
      <input id="new-name" name="name" maxlength="100" />
      <fieldset>
        <legend>Mode</legend>
        <label
          ><input type="radio" name="mode" value="live" checked /> live: real data, charged</label
        >
        <label
          ><input type="radio" name="mode" value="test" /> test: recorded sample data, free</label
        >
      </fieldset>
      ${termsFields('new')}
      <button type="submit">Create key</button>
    </form>`;
}

/** What a roll did to the secret it replaced. */
function replacedText(replaced: NonNullable<CreatedKey['replaced']>): Html {
  return html`<p data-testid="replaced">
    The secret it replaces (<code>${replaced.prefix}</code>)
    ${
      replaced.until
        ? html`keeps working until ${when(replaced.until)}: switch your programs to the new one
          before then.`
        : 'no longer works.'
    }
  </p>`;
}

/** The one page that shows a new key's secret: it is not stored and cannot be shown again. */
export function createdKeyView(key: CreatedKey): Html {
  return html`<p>
      Copy
      ${key.replaced ? html`the new secret of your ${key.mode} key` : html`your new ${key.mode} key`}
      ${named(key)} now and keep it somewhere safe: it is shown only this once, and we keep only a
      fingerprint of it.
    </p>
    ${key.replaced && replacedText(key.replaced)}
    <div class="secret">
      <p id="secret-label">Your new ${key.mode} key</p>
      <code id="secret" data-testid="secret">${key.secret}</code>
      <button type="button" class="copy" data-copy="secret">Copy the key</button>
      <span class="copied" aria-live="polite"></span>
    </div>
    <p><a href="/dashboard/keys">Back to your keys</a></p>`;
}

/** The same address again (a reload, the back button): the secret was shown and is gone. */
export function secretGoneView(): Html {
  return html`<p>
      A new key's secret is shown only once, right after it is created, and that page has been
      shown. If you did not copy it, revoke that key and create a new one.
    </p>
    <p><a href="/dashboard/keys">Back to your keys</a></p>`;
}

/**
 * Confirmation before revoking. The account's only live key cannot be revoked (no way to sign
 * in or to make a key would be left); revoking the key this session signed in with signs out.
 */
export function revokeView(
  key: ApiKeyInfo,
  csrf: string,
  situation: { lastLive: boolean; signedInWith: boolean },
): Html {
  if (situation.lastLive)
    return html`<div class="error" role="alert" data-testid="last-live-key">
        <p>
          ${named(key)} is your account's only live key, so it cannot be revoked: without a live key
          you could not call the API or sign in here again.
        </p>
        <p>
          To replace it, <a href="/dashboard/keys#create">create a new live key</a> first, then
          revoke this one.
        </p>
      </div>
      <p><a href="/dashboard/keys">Back to your keys</a></p>`;
  return html`<p>
      Revoke ${named(key)}? Calls with it fail with 401 at once, on every server. This cannot be
      undone.
    </p>
    ${
      situation.signedInWith &&
      html`<p class="warn" data-testid="own-key">
        You signed in to this dashboard with this key: revoking it signs you out. Sign in again with
        another live key.
      </p>`
    }
    <div class="actions">
      <form method="post" action="/dashboard/keys/${key.id}/revoke" class="inline">
        ${csrfField(csrf)} <button type="submit" class="danger">Revoke the key</button>
      </form>
      <a href="/dashboard/keys">Cancel</a>
    </div>`;
}
