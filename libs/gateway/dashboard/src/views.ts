import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { formatCredits, toCredits } from '@nl/contracts-core';
import { type Account, endpointAccess } from '@nl/gateway-access';
import type { X402Settings } from '@nl/gateway-x402';
import { csrfField, html, raw, table, type Html } from './html.js';

export interface UsageRow {
  readonly day: string;
  readonly endpoint: string;
  readonly calls: number;
  readonly credits: number;
}

const credits = (value: number) => value.toFixed(2);

const ROUTES = new Map(ENDPOINT_CATALOG.map((e) => [e.id, `${e.method} ${e.paths[0]}`]));
/** An endpoint as callers know it, method and public path (its id if no longer in the catalog). */
export const routeOf = (endpointId: string) => ROUTES.get(endpointId) ?? endpointId;

/** Sign-in: one field for a live API key, posted once and never kept by the browser. */
export function signInView(error?: string): Html {
  return html`<p>
      Sign in with one of your <strong>live</strong> API keys (<code>nlk_live_…</code>). The key is
      checked once and not stored in your browser: you get a session of at most 8 hours.
    </p>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <form method="post" action="/dashboard/sign-in" class="stack">
      <label for="key">API key</label>
      <input
        id="key"
        name="key"
        type="password"
        autocomplete="off"
        required
        maxlength="200"
        spellcheck="false"
      />
      <button type="submit">Sign in</button>
    </form>`;
}

/** The first day of this UTC month, as YYYY-MM-DD. */
export const monthStart = (now = new Date()) => now.toISOString().slice(0, 8) + '01';

export function overviewView(account: Account, usage: readonly UsageRow[], csrf: string): Html {
  const month = monthStart();
  const thisMonth = usage.filter((u) => u.day >= month);
  const spent = thisMonth.reduce((sum, u) => sum + u.credits, 0);
  const calls = thisMonth.reduce((sum, u) => sum + u.calls, 0);
  return html`<dl class="facts">
      <div>
        <dt>Account</dt>
        <dd>${account.name}</dd>
      </div>
      <div>
        <dt>Tier</dt>
        <dd>${account.tier}</dd>
      </div>
      <div>
        <dt>Balance</dt>
        <dd data-testid="balance">${formatCredits(account.balance)} credits</dd>
      </div>
      <div>
        <dt>Spent this month</dt>
        <dd data-testid="month-spend">${credits(spent)} credits in ${calls} calls</dd>
      </div>
      <div>
        <dt>Subscriptions</dt>
        <dd>${account.subscriptions.length ? account.subscriptions.join(', ') : 'none'}</dd>
      </div>
    </dl>
    <h2>Sessions</h2>
    <p>Signed in from another device, or lost one? End every dashboard session of this account.</p>
    <form method="post" action="/dashboard/sign-out-everywhere">
      ${csrfField(csrf)}<button type="submit">Sign out everywhere</button>
    </form>`;
}

/** Credits per day for the chart: every day of the window, oldest first, zero where idle. */
export function dailyTotals(usage: readonly UsageRow[], days: number, now = new Date()) {
  const byDay = new Map<string, { calls: number; credits: number }>();
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    byDay.set(day, { calls: 0, credits: 0 });
  }
  for (const u of usage) {
    const t = byDay.get(u.day);
    if (!t) continue;
    t.calls += u.calls;
    t.credits = Math.round((t.credits + u.credits) * 100) / 100;
  }
  return [...byDay].map(([day, t]) => ({ day, ...t }));
}

export function usageView(usage: readonly UsageRow[], days: number): Html {
  const series = dailyTotals(usage, days);
  // Data for the chart as JSON text (not script): the CSP allows no inline script.
  const data = JSON.stringify(series).replace(/</g, '\\u003c');
  return html`<p>
      Calls and credits per endpoint per day (UTC), the last ${days} days. Calls that were not
      charged (errors) are not counted.
    </p>
    <p><a href="/dashboard/usage.csv" download>Download as CSV</a></p>
    <figure class="chart">
      <div class="chart-box">
        <canvas
          id="usage-chart"
          role="img"
          aria-label="Credits charged per day, last ${days} days"
        ></canvas>
      </div>
      <figcaption>Credits per day; the table below has the same numbers.</figcaption>
    </figure>
    <script type="application/json" id="usage-data">
      ${raw(data)}
    </script>
    ${
      usage.length
        ? table(
            'Usage per endpoint per day',
            ['Day', 'Endpoint', 'Calls', 'Credits'],
            usage.map((u) => [
              html`${u.day}`,
              html`<code>${routeOf(u.endpoint)}</code>`,
              html`${u.calls}`,
              html`${credits(u.credits)}`,
            ]),
          )
        : html`<p data-testid="no-usage">No charged calls in this period yet.</p>`
    }`;
}

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function usageCsv(usage: readonly UsageRow[]): string {
  const lines = usage.map((u) =>
    [u.day, u.endpoint, u.calls, credits(u.credits), routeOf(u.endpoint)].map(csvField).join(','),
  );
  // The route is last, so a reader of the first four columns by position reads them as before.
  return ['day,endpoint,calls,credits,route', ...lines].join('\r\n') + '\r\n';
}

export function limitsView(account: Account): Html {
  const rows = ENDPOINT_CATALOG.map((e) => {
    const access = endpointAccess(e, account);
    return [
      html`<code>${e.method} ${e.paths[0]}</code>`,
      html`${credits(toCredits(e.price.fresh))}`,
      html`${credits(toCredits(e.price.cached))}`,
      html`${access.available ? `${access.limitPerMinute} / min` : '—'}`,
      html`${access.available ? 'yes' : access.missing === 'tier' ? 'not in this tier' : 'needs a subscription'}`,
    ];
  });
  return html`<p>
      Prices in credits per call for the <strong>${account.tier}</strong> tier: a fresh answer, and
      one from cache. Only 2xx answers are charged.
    </p>
    ${table('Endpoints, prices and limits', ['Endpoint', 'Price', 'Cached price', 'Limit', 'Available'], rows)}`;
}

export function x402View(settings: X402Settings | null): Html {
  const intro = html`<p>
    Software agents can pay per request instead of using a key: call an endpoint without a key, get
    <code>402 Payment Required</code> with a <code>PAYMENT-REQUIRED</code> header that names the
    price in USDC, sign an EIP-3009 transfer authorisation for it and repeat the request with the
    signed payment in the <code>PAYMENT-SIGNATURE</code> header. The answer carries
    <code>PAYMENT-RESPONSE</code> with the settlement's transaction. Only a 2xx answer is settled.
  </p>`;
  if (!settings)
    return html`${intro}
      <p data-testid="x402-off">
        Per-request payment is not enabled on this deployment (the operator sets
        <code>X402_PAY_TO</code>).
      </p>`;
  const perCredit = Number(settings.atomicPerCredit) / 1e6;
  return html`${intro}
    <dl class="facts">
      <div>
        <dt>Network</dt>
        <dd>${settings.network}</dd>
      </div>
      <div>
        <dt>Paid to</dt>
        <dd><code>${settings.payTo}</code></dd>
      </div>
      <div>
        <dt>Token</dt>
        <dd>${settings.asset.name} <code>${settings.asset.address}</code></dd>
      </div>
      <div>
        <dt>One credit</dt>
        <dd>${perCredit} ${settings.asset.name}</dd>
      </div>
    </dl>`;
}

export function errorView(message: string): Html {
  return html`<p class="error" role="alert">${message}</p>
    <p><a href="/dashboard">Back to the dashboard</a></p>`;
}
