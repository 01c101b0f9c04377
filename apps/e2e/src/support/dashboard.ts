import type { Stack } from './stack.js';

/** A browser-like client of the dashboard: a cookie jar, manual redirects. */
export class DashboardClient {
  /** The session cookie's value (the jar's `nl_dash`), or null when there is none. */
  get cookie(): string | null {
    return this.jar.get('nl_dash') ?? null;
  }
  set cookie(value: string | null) {
    if (value) this.jar.set('nl_dash', value);
    else this.jar.delete('nl_dash');
  }
  /** Every cookie the dashboard set and has not cleared, by name. */
  readonly jar = new Map<string, string>();

  constructor(private readonly api: Stack) {}

  get origin(): string {
    return new URL(this.api.url).origin;
  }

  async request(path: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (this.jar.size)
      headers.set('cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));
    let body = init.body;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      if (!headers.has('origin')) headers.set('origin', this.origin);
      body = new URLSearchParams(init.form).toString();
    }
    const res = await this.api.fetch(path, {
      ...init,
      method: init.form ? 'POST' : (init.method ?? 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const set of res.headers.getSetCookie()) {
      const [, name, value] = /^([^=]+)=([^;]*)/.exec(set) ?? [];
      if (!name) continue;
      if (value && !/Max-Age=0(;|$)/.test(set)) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    return res;
  }

  async page(path: string): Promise<{ status: number; text: string; location: string | null }> {
    const res = await this.request(path);
    return { status: res.status, text: await res.text(), location: res.headers.get('location') };
  }

  async signIn(key: string): Promise<Response> {
    return this.request('/dashboard/sign-in', { form: { key } });
  }

  /** The CSRF token of the session, read from a page's form. */
  async csrf(): Promise<string> {
    const { text } = await this.page('/dashboard/keys');
    const token = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (!token) throw new Error('no CSRF token on the keys page: not signed in?');
    return token;
  }

  async post(path: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request(path, { form, headers });
  }

  /** A file form (multipart/form-data, its boundary chosen by fetch), as a browser posts it. */
  async postFile(path: string, form: FormData) {
    return this.request(path, { method: 'POST', body: form, headers: { origin: this.origin } });
  }

  /**
   * A form post and, when it redirects (303), the page it redirects to, as a browser shows it:
   * `posted` and `to` are the post's status and location, `status` and `text` the page's.
   */
  async submit(path: string, form: Record<string, string> | FormData) {
    const res =
      form instanceof FormData ? await this.postFile(path, form) : await this.post(path, form);
    const to = res.headers.get('location');
    if (res.status !== 303 || !to)
      return { posted: res.status, to, status: res.status, text: await res.text() };
    const page = await this.page(to);
    return { posted: res.status, to, status: page.status, text: page.text };
  }
}

/** A new key's secret on the page that shows it once. */
export const SECRET = /data-testid="secret">(nlk_(?:live|test)_[A-Za-z0-9]{32})</;
/** The notice a form post left for the next page. */
export const NOTICE = /<p class="notice" role="status">\s*([^<]*?)\s*<\/p>/;

/** A new Paid account with 100 credits, signed in to the dashboard with its one live key. */
export async function signedIn(api: Stack) {
  const account = await api.account({ tier: 'paid', credits: 100 });
  const client = new DashboardClient(api);
  const signIn = await client.signIn(account.key);
  if (signIn.status !== 303) throw new Error(`sign-in answered ${signIn.status}`);
  const [keyInfo] = await api.accounts.listKeys(account.accountId);
  return { ...account, keyInfo, client, csrf: await client.csrf() };
}
