import { WebhookOutbox } from '@nl/gateway-webhooks';
import { DashboardClient } from './support/dashboard.js';
import { PROFILES, startStack, type Stack } from './support/stack.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// The dashboard's webhooks page over HTTP: the URL (checked as the API checks it), the secret
// rotated and shown once, and the delivery log with a resend per row; CSRF as on every form.
const PAGE = '/dashboard/webhooks';
const SECRET = /data-testid="webhook-secret">(whsec_[A-Za-z0-9+/=]+)</;
const NOTICE = /<p class="notice" role="status">\s*([^<]*?)\s*<\/p>/;
const TEST_ENV = { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SCALE: '0.001' };

describe.each(PROFILES)('the dashboard webhooks page (%s)', (profile) => {
  let api: Stack;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    api = await startStack(profile, { env: TEST_ENV });
  });
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
  });

  async function signedIn() {
    const account = await api.account({ tier: 'paid', credits: 10 });
    const client = new DashboardClient(api);
    expect((await client.signIn(account.key)).status).toBe(303);
    return { ...account, client, csrf: await client.csrf() };
  }

  it('should save a URL, refuse a private one with the reason, and clear it', async () => {
    const { client, csrf } = await signedIn();
    const url = receiver.route(`/dash-${profile}`, { statuses: [200], secrets: [] });
    const saved = await client.submit(`${PAGE}/url`, { url, _csrf: csrf });
    expect([saved.posted, saved.to, saved.status]).toEqual([303, PAGE, 200]);
    expect(NOTICE.exec(saved.text)?.[1]).toBe(`Events now go to ${url}.`);
    expect(saved.text).toContain(`value="${url}"`);

    const refused = await client.submit(`${PAGE}/url`, { url: 'https://10.0.0.1/', _csrf: csrf });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/data-testid="url-problem">[^<]*private/);
    expect((await client.page(PAGE)).text).toContain(`value="${url}"`);

    const cleared = await client.submit(`${PAGE}/url`, { url: '', _csrf: csrf });
    expect(NOTICE.exec(cleared.text)?.[1]).toBe('No events are sent now.');
    expect(cleared.text).toContain('name="url" type="url" value=""');
  });

  it('should show a rotated secret once, and sign with it', async () => {
    const { client, csrf, accountId } = await signedIn();
    const path = `/dash-rotate-${profile}`;
    const url = receiver.route(path, { statuses: [200], secrets: [] });
    await client.submit(`${PAGE}/url`, { url, _csrf: csrf });
    const rotated = await client.submit(`${PAGE}/secret`, { _csrf: csrf });
    expect([rotated.posted, rotated.to]).toEqual([303, `${PAGE}/secret`]);
    const secret = SECRET.exec(rotated.text)?.[1] as string;
    expect(secret).toMatch(/^whsec_/);
    const again = await client.page(`${PAGE}/secret`);
    expect(again.text).not.toContain(secret);
    expect(again.text).toContain('is shown only once');
    const page = await client.page(PAGE);
    expect(page.text).toContain(`data-testid="secret-hint">${secret.slice(-4)}<`);
    expect(page.text).not.toContain(secret);
    expect(page.text).toContain('also signed with the previous secret until');

    receiver.secrets(path, [secret]);
    await api.gateway.get(WebhookOutbox).raise(accountId, 'batch.completed', { batch_id: 'd1' });
    const [got] = await receiver.waitFor(path, 1);
    expect(got.verifiedBy).toEqual([0]);
  });

  it('should list deliveries with their state and resend a settled one', async () => {
    const { client, csrf, accountId } = await signedIn();
    const path = `/dash-log-${profile}`;
    const url = receiver.route(path, { statuses: [410, 200], secrets: [] });
    await client.submit(`${PAGE}/url`, { url, _csrf: csrf });
    const id = (await api.gateway
      .get(WebhookOutbox)
      .raise(accountId, 'batch.failed', { batch_id: 'd2' })) as string;
    await receiver.waitFor(path, 1);
    let text = '';
    for (let i = 0; i < 100 && !text.includes('>failed<'); i++) {
      text = (await client.page(PAGE)).text;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(text).toContain(`<code>${id}</code>`);
    expect(text).toContain('data-testid="state">failed<');
    expect(text).toContain('HTTP 410');
    expect(text).toContain(`action="${PAGE}/deliveries/${id}/resend"`);

    expect((await client.post(`${PAGE}/deliveries/${id}/resend`, {})).status).toBe(403);
    const resent = await client.submit(`${PAGE}/deliveries/${id}/resend`, { _csrf: csrf });
    expect([resent.posted, resent.to]).toEqual([303, PAGE]);
    expect(NOTICE.exec(resent.text)?.[1]).toBe(`Delivery ${id} is queued again.`);
    const calls = await receiver.waitFor(path, 2);
    expect(calls.map((c) => c.headers['webhook-id'])).toEqual([id, id]);

    const other = await signedIn();
    const foreign = await other.client.post(`${PAGE}/deliveries/${id}/resend`, {
      _csrf: other.csrf,
    });
    expect(foreign.status).toBe(404);
  });

  it('should refuse the forms without the CSRF token', async () => {
    const { client } = await signedIn();
    expect((await client.post(`${PAGE}/url`, { url: '' })).status).toBe(403);
    expect((await client.post(`${PAGE}/secret`, { _csrf: 'guess' })).status).toBe(403);
  });
});
