import type { Stack } from './stack.js';

/** A browser-like client of the dashboard: one cookie jar, manual redirects. */
export class DashboardClient {
  cookie: string | null = null;

  constructor(private readonly api: Stack) {}

  get origin(): string {
    return new URL(this.api.url).origin;
  }

  async request(path: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', `nl_dash=${this.cookie}`);
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
    const set = res.headers.get('set-cookie');
    const value = set ? /^nl_dash=([^;]*)/.exec(set)?.[1] : undefined;
    if (value !== undefined) this.cookie = value || null;
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
}
