import { html, table, type Html } from '@nl/gateway-dashboard';
import {
  formatAge,
  formatCount,
  formatPercent,
  formatShare,
  formatUtc,
  NONE,
} from './status-format.js';
import type { DatasetAge, Incident, StatusReport } from './status-report.js';

const REASONS: Record<Incident['reason'], string> = {
  breaker_open: 'Circuit breaker open: calls were refused',
  low_success_rate: 'Low success rate',
};

/** A moment as the page shows it (UTC), machine-readable in `datetime`. */
export const when = (iso: string) => html`<time datetime="${iso}">${formatUtc(iso)}</time>`;

export function incidentsSection(report: StatusReport): Html {
  // Open incidents first; within each group the report's order (newest first).
  const incidents = [
    ...report.incidents.filter((i) => i.open),
    ...report.incidents.filter((i) => !i.open),
  ];
  const rule = report.incident_rule;
  const rows = incidents.map((i) => [
    html`<strong>${i.upstream}</strong>`,
    html`<span data-testid="incident-state">${i.open ? 'Open' : 'Closed'}</span>`,
    when(i.started_at),
    i.ended_at === null ? html`ongoing` : when(i.ended_at),
    html`${REASONS[i.reason]}`,
    html`${formatCount(i.calls)}`,
    html`${formatPercent(i.success_rate)}`,
  ]);
  return html`<h2 id="incidents">Incidents, last 48 hours</h2>
    <p>
      An incident opens when a source has at least ${formatCount(rule.min_calls)} calls in
      ${formatAge(report.bucket_seconds)} and fewer than ${formatShare(rule.success_threshold)} of
      them succeed, and closes by itself when that no longer holds.
    </p>
    ${
      rows.length > 0
        ? table(
            'Incidents, open ones first',
            ['Source', 'State', 'Started', 'Ended', 'Reason', 'Calls', 'Succeeded'],
            rows,
          )
        : html`<p data-testid="no-incidents">No incidents in the last 48 hours.</p>`
    }`;
}

export function datasetsSection(datasets: readonly DatasetAge[]): Html {
  if (datasets.length === 0) return html``;
  const rows = datasets.map((d) => [
    html`<strong>${d.name}</strong>`,
    d.version === null ? html`${NONE}` : html`<code>${d.version}</code>`,
    d.updated_at === null ? html`${NONE}` : when(d.updated_at),
    html`<span data-testid="dataset-age-${d.name}">${formatAge(d.age_seconds)}</span>`,
  ]);
  return html`<h2 id="datasets">Datasets</h2>
    ${table(
      'The datasets answered from, and how old they are',
      ['Dataset', 'Version', 'Updated', 'Age'],
      rows,
    )}`;
}
