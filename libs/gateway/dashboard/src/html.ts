/** HTML that is already safe to send: produced by {@link html} or {@link raw}. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

type Value = Html | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The dashboard's only way to build markup: every interpolated value is escaped unless it is
 * itself {@link Html}, so text from an account (a key's name, a user agent) can never become markup.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Markup from a trusted constant. */
export const raw = (text: string): Html => new Html(text);

export interface NavItem {
  readonly path: string;
  readonly label: string;
}

export const NAV: readonly NavItem[] = [
  { path: '/dashboard/overview', label: 'Overview' },
  { path: '/dashboard/usage', label: 'Usage' },
  { path: '/dashboard/keys', label: 'API keys' },
  { path: '/dashboard/webhooks', label: 'Webhooks' },
  { path: '/dashboard/batches', label: 'Batches' },
  { path: '/dashboard/limits', label: 'Limits and prices' },
  { path: '/dashboard/x402', label: 'Pay per request (x402)' },
];

export interface PageFrame {
  readonly title: string;
  /** The document's whole `<title>`, where "title · NL Data API" would not do (the front page). */
  readonly documentTitle?: string;
  /** The current path, marked in the navigation (signed in) and the footer. */
  readonly current?: string;
  /** The session's CSRF token, for the sign-out forms in the header. */
  readonly csrf?: string;
  readonly accountName?: string;
  /** What the last form post did (saved, revoked, signed out), shown once above the page. */
  readonly notice?: string;
  readonly body: Html;
}

/** Whether a navigation item is the current page's, or a page under it (a key's revoke page). */
const current = (path: string, page: string | undefined) =>
  page !== undefined && (page === path || page.startsWith(`${path}/`));

/** A CSRF-protected form's hidden field. */
export const csrfField = (csrf: string) =>
  html`<input type="hidden" name="_csrf" value="${csrf}" />`;

/** The page around every dashboard view: no inline script or style (the CSP forbids both). */
export function page(frame: PageFrame): Html {
  const signedIn = frame.csrf !== undefined;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${frame.documentTitle ?? `${frame.title} · NL Data API`}</title>
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/dashboard/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
        <link rel="stylesheet" href="/dashboard/assets/dashboard-content.css" />
        <script src="/dashboard/assets/dashboard.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <span class="brand">NL Data API</span>
          ${
            signedIn &&
            html`<span class="who">${frame.accountName}</span>
              <form method="post" action="/dashboard/sign-out" class="inline">
                ${csrfField(frame.csrf as string)}<button type="submit">Sign out</button>
              </form>`
          }
        </header>
        ${
          signedIn &&
          html`<nav aria-label="Dashboard">
            <ul>
              ${NAV.map(
                (n) =>
                  html`<li>
                    <a
                      href="${n.path}"
                      ${current(n.path, frame.current) ? raw(' aria-current="page"') : ''}
                      >${n.label}</a
                    >
                  </li>`,
              )}
            </ul>
          </nav>`
        }
        <main id="main">
          <h1>${frame.title}</h1>
          ${frame.notice && html`<p class="notice" role="status">${frame.notice}</p>`} ${frame.body}
        </main>
        <footer class="foot">
          <a href="/status" ${current('/status', frame.current) ? raw(' aria-current="page"') : ''}
            >Service status</a
          >
        </footer>
      </body>
    </html>`;
}

/** A column of {@link table}: its header, or one only screen readers read (a column of buttons). */
export type Column = string | { readonly label: string; readonly hidden: true };

/**
 * A table with a caption and header row; rows are already rendered cells. On a narrow screen
 * (dashboard-content.css) each row becomes a card whose cells carry their column's name, so
 * nothing hides in a sideways scroll; the roles keep it a table for screen readers in that layout.
 */
export function table(caption: string, columns: readonly Column[], rows: readonly Html[][]): Html {
  return html`<table class="cards" role="table">
    <caption>
      ${caption}
    </caption>
    <thead role="rowgroup">
      <tr role="row">
        ${columns.map(
          (c) =>
            html`<th scope="col" role="columnheader">
              ${typeof c === 'string' ? c : html`<span class="sr-only">${c.label}</span>`}
            </th>`,
        )}
      </tr>
    </thead>
    <tbody role="rowgroup">
      ${rows.map(
        (r) =>
          html`<tr role="row">
            ${r.map(
              (cell, i) =>
                html`<td
                  role="cell"
                  data-label="${typeof columns[i] === 'string' ? columns[i] : ''}"
                >
                  ${cell}
                </td>`,
            )}
          </tr>`,
      )}
    </tbody>
  </table>`;
}
