import type { DeliveryLogEntry, EndpointSettings } from '@nl/gateway-webhooks';
import { csrfField, html, table, type Html } from './html.js';

const when = (at: Date | null) =>
  at ? at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '';

function deliveryRow(d: DeliveryLogEntry, csrf: string): Html[] {
  const settled = d.state !== 'pending';
  return [
    html`<code>${d.id}</code>`,
    html`${d.type}`,
    html`${when(d.createdAt)}`,
    html`<span data-testid="state">${d.state}</span>`,
    html`${d.attempts}`,
    html`${d.lastStatus ?? d.lastOutcome ?? ''}${d.lastError && html`<br /><small>${d.lastError}</small>`}`,
    settled
      ? html`<form
          method="post"
          action="/dashboard/webhooks/deliveries/${d.id}/resend"
          class="inline"
        >
          ${csrfField(csrf)}<button type="submit">Resend</button>
        </form>`
      : html`next ${when(d.nextAttemptAt)}`,
  ];
}

/**
 * The webhooks page: where events go (set or clear the URL), the signing secret (only its last
 * characters; rotating shows the new one once) and the delivery log with a resend per row.
 */
export function webhooksView(
  settings: EndpointSettings,
  log: readonly DeliveryLogEntry[],
  csrf: string,
  problem?: string,
): Html {
  return html`<p>
      We POST events to your URL, signed as
      <a href="https://www.standardwebhooks.com">Standard Webhooks</a>: a batch job finished or
      failed, or a key reached its spend cap. A failed attempt is retried for up to 24 hours.
    </p>
    ${problem && html`<p class="error" role="alert" data-testid="url-problem">${problem}</p>`}
    <h2>Endpoint</h2>
    <form method="post" action="/dashboard/webhooks/url" class="stack">
      ${csrfField(csrf)}
      <label for="url">URL (https; leave empty to stop sending)</label>
      <input id="url" name="url" type="url" value="${settings.url ?? ''}" maxlength="2000" />
      <button type="submit">Save the URL</button>
    </form>
    <h2>Signing secret</h2>
    <p>
      The secret ends in <code data-testid="secret-hint">${settings.secretHint}</code>.${
        settings.previousValidUntil &&
        html` Calls are also signed with the previous secret until
        ${when(settings.previousValidUntil)}.`
      }
    </p>
    <form method="post" action="/dashboard/webhooks/secret">
      ${csrfField(csrf)}<button type="submit">Rotate the secret</button>
    </form>
    ${
      log.length
        ? table(
            'The last 50 deliveries',
            [
              'Message',
              'Event',
              'Raised',
              'State',
              'Attempts',
              'Last answer',
              { label: 'Actions', hidden: true },
            ],
            log.map((d) => deliveryRow(d, csrf)),
          )
        : html`<p>No deliveries yet.</p>`
    }`;
}

/** The one page that shows a new signing secret. */
export function newSecretView(secret: string): Html {
  return html`<p>
      Copy the new signing secret into your receiver now: it is shown only this once. For the next
      24 hours every call is signed with both this and the previous secret, so your receiver keeps
      verifying while you switch.
    </p>
    <div class="secret">
      <p id="secret-label">Your new signing secret</p>
      <code id="secret" data-testid="webhook-secret">${secret}</code>
      <button type="button" class="copy" data-copy="secret">Copy the secret</button>
      <span class="copied" aria-live="polite"></span>
    </div>
    <p><a href="/dashboard/webhooks">Back to webhooks</a></p>`;
}

/** The same address again: the secret was shown and is gone. */
export function secretShownView(): Html {
  return html`<p>
      A new signing secret is shown only once, right after the rotation, and that page has been
      shown. If you did not copy it, rotate again.
    </p>
    <p><a href="/dashboard/webhooks">Back to webhooks</a></p>`;
}
