import type { ApiKeyInfo } from '../accounts/accounts.service.js';
import { csrfField, html, table, type Html } from './html.js';

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') + ' UTC' : 'never');

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
    live
      ? html`<a href="/dashboard/keys/${k.id}/revoke" class="danger">Revoke…</a>`
      : html`revoked ${when(k.revokedAt)}`,
  ];
}

export function keysView(keys: readonly ApiKeyInfo[], csrf: string, notice?: string): Html {
  return html`${notice && html`<p class="notice" role="status">${notice}</p>`}
    ${table(
      'Your API keys',
      ['Key', 'Name', 'Mode', 'Created', 'Last used', ''],
      keys.map((k) => keyRow(k, csrf)),
    )}
    <h2>Create a key</h2>
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
      <button type="submit">Create key</button>
    </form>`;
}

/** The one answer that shows a new key's secret: it is not stored and cannot be shown again. */
export function createdKeyView(key: string, info: ApiKeyInfo): Html {
  return html`<p class="notice" role="status">
      Key <code>${info.prefix}</code>${info.name ? html` (${info.name})` : ''} was created. Copy it
      now: it is shown only this once.
    </p>
    <div class="secret">
      <label for="secret">Your new ${info.mode} key</label>
      <input id="secret" data-testid="secret" readonly value="${key}" spellcheck="false" />
      <button type="button" class="copy" data-copy="secret">Copy</button>
      <span class="copied" aria-live="polite"></span>
    </div>
    <p><a href="/dashboard/keys">Back to your keys</a></p>`;
}

export function revokeView(key: ApiKeyInfo, csrf: string): Html {
  return html`<p>
      Revoke <code>${key.prefix}</code>${key.name ? html` (${key.name})` : ''}? Calls with it fail
      with 401 at once, on every server. This cannot be undone.
    </p>
    <form method="post" action="/dashboard/keys/${key.id}/revoke" class="inline">
      ${csrfField(csrf)} <button type="submit" class="danger">Revoke the key</button>
    </form>
    <a href="/dashboard/keys">Cancel</a>`;
}
