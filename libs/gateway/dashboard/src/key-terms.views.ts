import { DOMAINS } from '@nl/contracts-core';
import {
  DEFAULT_OVERLAP_SECONDS,
  expiryOf,
  scopesOf,
  type ApiKeyInfo,
  type KeySpec,
} from '@nl/gateway-access';
import type { Form } from './dashboard-pages.js';
import { csrfField, html, type Html } from './html.js';

const named = (key: ApiKeyInfo) =>
  html`<code>${key.prefix}</code>${key.name ? html` (${key.name})` : ''}`;

/** A `datetime-local` field's value (no zone) is read as UTC, as the label says. */
const NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * A form's expiry (`expires_at`, UTC; empty: none) and scopes (a `scope_<domain>` checkbox per
 * domain; none ticked: every domain) as stored, or `validation_failed` for a bad expiry.
 */
export function formTerms(form: Form): Pick<KeySpec, 'expiresAt' | 'scopes'> {
  const text = typeof form.expires_at === 'string' ? form.expires_at.trim() : '';
  const expiresAt = expiryOf(NO_ZONE.test(text) ? `${text}Z` : text);
  const scopes = scopesOf(DOMAINS.filter((d) => form[`scope_${d}`] !== undefined));
  return { expiresAt, scopes };
}

/** The expiry field and the scope checkboxes, empty or with a key's values. */
export function termsFields(idSuffix: string, key?: ApiKeyInfo): Html {
  const id = (name: string) => `${name}-${idSuffix}`;
  const expires = key?.expiresAt ? key.expiresAt.slice(0, 16) : '';
  return html`<label for="${id('expires')}">Expires at (UTC, optional)</label>
    <input id="${id('expires')}" name="expires_at" type="datetime-local" value="${expires}" />
    <fieldset>
      <legend>Domains it may call (none ticked: all)</legend>
      ${DOMAINS.map(
        (d) =>
          html`<label
            ><input
              type="checkbox"
              name="scope_${d}"
              ${key?.scopes?.includes(d) ? 'checked' : ''}
            />
            ${d}</label
          >`,
      )}
    </fieldset>`;
}

/** The keys page's section for each live key's expiry and scopes. */
export function termsSection(keys: readonly ApiKeyInfo[], csrf: string): Html {
  const live = keys.filter((k) => k.revokedAt === null);
  return html`<h2>Expiry and scopes</h2>
    <p>
      An expired key is refused with <code>401 key_expired</code>. A key limited to some domains is
      refused elsewhere with <code>403 key_scope</code>, and not charged.
    </p>
    ${live.map(
      (k) =>
        html`<form method="post" action="/dashboard/keys/${k.id}/terms" class="terms">
          ${csrfField(csrf)}
          <fieldset>
            <legend>${named(k)}</legend>
            ${termsFields(k.id, k)}
            <button type="submit">Save expiry and scopes</button>
          </fieldset>
        </form>`,
    )}`;
}

const OVERLAPS: readonly [number, string][] = [
  [0, 'none: it stops working now'],
  [3600, '1 hour'],
  [DEFAULT_OVERLAP_SECONDS, '24 hours'],
  [3 * 24 * 3600, '3 days'],
  [7 * 24 * 3600, '7 days'],
];

/** Confirmation before rolling, with how long the current secret keeps working. */
export function rollView(key: ApiKeyInfo, csrf: string): Html {
  return html`<p>
      Roll ${named(key)}? It gets a new secret, shown once on the next page. The key keeps its id,
      name, spend caps and spend, usage, allowed origins, scopes and expiry.
    </p>
    ${
      key.previous &&
      html`<p class="warn" data-testid="earlier-roll">
        The secret an earlier roll replaced (<code>${key.previous.prefix}</code>, working until
        ${key.previous.until}) stops working now: a key has at most two working secrets.
      </p>`
    }
    <form method="post" action="/dashboard/keys/${key.id}/roll" class="stack">
      ${csrfField(csrf)}
      <label for="overlap">The current secret keeps working for</label>
      <select id="overlap" name="overlap_seconds">
        ${OVERLAPS.map(
          ([seconds, label]) =>
            html`<option
              value="${seconds}"
              ${seconds === DEFAULT_OVERLAP_SECONDS ? 'selected' : ''}
            >
              ${label}
            </option>`,
        )}
      </select>
      <div class="actions">
        <button type="submit">Roll the key</button>
        <a href="/dashboard/keys">Cancel</a>
      </div>
    </form>`;
}
