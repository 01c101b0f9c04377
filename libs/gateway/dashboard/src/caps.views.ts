import type { ApiKeyInfo, KeySpend } from '@nl/gateway-access';
import { csrfField, html, type Html } from './html.js';

const credits = (value: number) => value.toFixed(2);
const capText = (cap: number | null) => (cap === null ? '' : credits(cap));

/** Spend is counted while a key has a cap (counting every key would write on every call). */
function spendText(key: ApiKeyInfo, spend: KeySpend | undefined): string {
  if (key.dailyCap === null && key.monthlyCap === null)
    return 'no cap (spend is counted from when one is set)';
  return `spent ${credits(spend?.today ?? 0)} today, ${credits(spend?.month ?? 0)} this month`;
}

/** A labelled field of the caps form; empty means none. */
function capField(id: string, name: string, label: string, value: string): Html {
  return html`<label for="${id}">${label}</label>
    <input id="${id}" name="${name}" inputmode="decimal" value="${value}" placeholder="none" />`;
}

/** One live key's spend caps as a form: empty fields mean no cap. */
function capsForm(key: ApiKeyInfo, spend: KeySpend | undefined, csrf: string): Html {
  const id = (name: string) => `${name}-${key.id}`;
  return html`<form method="post" action="/dashboard/keys/${key.id}/caps" class="caps">
    ${csrfField(csrf)}
    <fieldset>
      <legend>
        <code>${key.prefix}</code>${key.name ? html` (${key.name})` : ''}: ${spendText(key, spend)}
      </legend>
      ${capField(id('daily'), 'daily_cap', 'Daily cap (credits)', capText(key.dailyCap))}
      ${capField(id('monthly'), 'monthly_cap', 'Monthly cap (credits)', capText(key.monthlyCap))}
      ${capField(id('alert'), 'alert_percent', 'Alert at (% of a cap)', String(key.alertPercent ?? ''))}
      <button type="submit">Save caps</button>
    </fieldset>
  </form>`;
}

/** The keys page's caps section: a call that would cross a cap gets 402 spend_cap_reached. */
export function capsSection(
  keys: readonly ApiKeyInfo[],
  spend: Readonly<Record<string, KeySpend>>,
  csrf: string,
): Html {
  const live = keys.filter((k) => k.revokedAt === null && k.mode === 'live');
  return html`<h2>Spend caps</h2>
    <p>
      Per key, a daily and a monthly limit in credits (UTC days and months). A call that would cross
      one is refused with <code>402 spend_cap_reached</code> and not charged. The alert only shows
      on the overview.
    </p>
    ${live.map((k) => capsForm(k, spend[k.id], csrf))}`;
}

/** Keys at or over their alert threshold of a cap, for the overview. */
export function capAlerts(
  keys: readonly ApiKeyInfo[],
  spend: Readonly<Record<string, KeySpend>>,
): Html {
  const lines: Html[] = [];
  for (const k of keys) {
    if (k.revokedAt !== null || k.alertPercent === null) continue;
    const s = spend[k.id] ?? { today: 0, month: 0 };
    const checks = [
      { label: 'daily', cap: k.dailyCap, spent: s.today },
      { label: 'monthly', cap: k.monthlyCap, spent: s.month },
    ];
    for (const c of checks) {
      if (c.cap === null || c.spent * 100 < c.cap * k.alertPercent) continue;
      const percent = Math.floor((c.spent / c.cap) * 100);
      lines.push(
        html`<li>
          Key <code>${k.prefix}</code>${k.name ? html` (${k.name})` : ''} has spent
          ${credits(c.spent)} of its ${c.label} cap of ${credits(c.cap)} credits (${percent}%).
        </li>`,
      );
    }
  }
  return lines.length
    ? html`<div class="warn" role="status" data-testid="cap-alerts">
        <p>Spend cap alerts:</p>
        <ul>
          ${lines}
        </ul>
      </div>`
    : html``;
}
