import { formatCredits, type EndpointDefinition } from '@nl/contracts-core';
import type { BatchJobView } from '@nl/gateway-batches';
import { UPLOAD_LIMIT_BYTES, UPLOAD_PATH } from './dashboard-forms.js';
import { csrfField, html, table, type Html } from './html.js';
import { routeOf } from './views.js';

/** How often the page reloads while a job of the account is queued or running (unless stopped). */
export const REFRESH_SECONDS = 5;

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ') + ' UTC';
const open = (job: BatchJobView) => job.state === 'queued' || job.state === 'running';

function jobRow(job: BatchJobView, csrf: string): Html[] {
  const { items } = job;
  return [
    html`<code>${job.id}</code>`,
    html`<code>${routeOf(job.endpoint)}</code>`,
    html`<span data-testid="job-state">${job.state}</span>`,
    html`<span data-testid="job-items"
        >${items.succeeded} succeeded, ${items.failed} failed, ${items.pending} pending of
        ${items.total}</span
      >${items.cancelled > 0 && html`, ${items.cancelled} cancelled`}`,
    html`${job.credits.charged.toFixed(2)}`,
    html`${when(job.created_at)}`,
    html`<div class="actions">
      <a href="/dashboard/batches/${job.id}/results.csv" download
        >Results<span class="sr-only"> of ${job.id}</span> (CSV)</a
      >${
        open(job) &&
        html`<form method="post" action="/dashboard/batches/${job.id}/cancel" class="inline">
          ${csrfField(csrf)}<button type="submit" class="danger">
            Cancel<span class="sr-only"> ${job.id}</span>
          </button>
        </form>`
      }
    </div>`,
  ];
}

/** The form that starts a job: the endpoint, the CSV file, and where to report its end. */
function startForm(endpoints: readonly EndpointDefinition[], csrf: string): Html {
  if (endpoints.length === 0)
    return html`<p>Your tier cannot call any endpoint that a batch job can call.</p>`;
  const megabytes = UPLOAD_LIMIT_BYTES / 1024 / 1024;
  return html`<form
    method="post"
    action="${UPLOAD_PATH}"
    enctype="multipart/form-data"
    class="stack"
  >
    ${csrfField(csrf)}
    <label for="endpoint">Endpoint</label>
    <select id="endpoint" name="endpoint" required>
      ${endpoints.map(
        (e) =>
          html`<option value="${e.id}">
            ${e.summary}: ${e.method} ${e.paths[0]}, ${formatCredits(e.price.fresh)} credits an item
          </option>`,
      )}
    </select>
    <label for="items">Items: a CSV file (at most ${megabytes} MB)</label>
    <input
      id="items"
      name="items"
      type="file"
      accept=".csv,text/csv"
      data-max-bytes="${UPLOAD_LIMIT_BYTES}"
      required
      aria-describedby="items-hint"
    />
    <p id="items-hint">
      A header row naming the endpoint's parameters (for a VAT check: <code>vat_number</code>), then
      one item per row; comma or semicolon separated. Larger files go through the API.
    </p>
    <label for="webhook_url">Webhook URL (optional: where to report the job's end)</label>
    <input id="webhook_url" name="webhook_url" type="url" maxlength="2000" />
    <button type="submit">Start the job</button>
  </form>`;
}

/**
 * While a job runs the page reloads itself, through the dashboard's script (the CSP allows no
 * inline script) and not a meta refresh: a timed reload the reader cannot stop fails WCAG
 * 2.2.1, so it comes with a switch to stop it. Without the script the link reloads by hand.
 */
function autoReload(): Html {
  return html`<p>
    <label
      ><input type="checkbox" id="auto-reload" data-seconds="${REFRESH_SECONDS}" checked /> Reload
      this page every ${REFRESH_SECONDS} seconds while a job runs</label
    >
    <a href="${UPLOAD_PATH}">Reload now</a>
  </p>`;
}

/**
 * The batches page: the newest jobs with their progress, results and a cancel while they run,
 * and the form to start one.
 */
export function batchesView(
  jobs: readonly BatchJobView[],
  endpoints: readonly EndpointDefinition[],
  csrf: string,
  problem?: string,
): Html {
  return html`<p>
      A batch job calls one endpoint once per item of a CSV file, at the upstream's pace. Every item
      is reserved at its fresh price when the job starts; each is charged as its single call would
      be, and what is not used is released.
    </p>
    ${problem && html`<p class="error" role="alert" data-testid="batch-problem">${problem}</p>`}
    ${jobs.some(open) && autoReload()}
    ${
      jobs.length
        ? table(
            `Your newest ${jobs.length === 1 ? 'job' : `${jobs.length} jobs`}`,
            [
              'Job',
              'Endpoint',
              'State',
              'Items',
              'Credits charged',
              'Created',
              { label: 'Actions', hidden: true },
            ],
            jobs.map((job) => jobRow(job, csrf)),
          )
        : html`<p data-testid="no-jobs">No batch jobs yet.</p>`
    }
    <h2>Start a job</h2>
    ${startForm(endpoints, csrf)}`;
}
