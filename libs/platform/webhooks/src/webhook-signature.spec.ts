import { Webhook } from 'standardwebhooks';
import {
  newWebhookMessageId,
  newWebhookSecret,
  signWebhook,
  webhookSignature,
} from './webhook-signature.js';

const now = () => Math.floor(Date.now() / 1000);

describe('webhook signing', () => {
  it('makes whsec_ secrets of 32 random bytes, never the same twice', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('makes msg_ ids, unique', () => {
    const ids = new Set(Array.from({ length: 100 }, newWebhookMessageId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
  });

  it('signs so the reference library verifies it', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'batch.completed', data: { id: 'b_1', é: '€' } });
    const headers = signWebhook([secret], 'msg_1', now(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('fails verification for another secret, body or id', () => {
    const secret = newWebhookSecret();
    const headers = signWebhook([secret], 'msg_1', now(), '{"a":1}');
    expect(() => new Webhook(newWebhookSecret()).verify('{"a":1}', { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify('{"a":2}', { ...headers })).toThrow();
    const otherId = { ...headers, 'webhook-id': 'msg_2' };
    expect(() => new Webhook(secret).verify('{"a":1}', otherId)).toThrow();
  });

  it('signs with both secrets during a rotation: receivers on either one verify', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signWebhook([current, previous], 'msg_9', now(), '{}');
    const signatures = headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    expect(new Webhook(current).verify('{}', { ...headers })).toEqual({});
    expect(new Webhook(previous).verify('{}', { ...headers })).toEqual({});
  });

  it('matches the reference library byte for byte', () => {
    const secret = newWebhookSecret();
    const ts = 1_700_000_000;
    expect(webhookSignature(secret, 'msg_x', ts, 'body')).toBe(
      new Webhook(secret).sign('msg_x', new Date(ts * 1000), 'body'),
    );
  });

  it('refuses malformed secrets and an empty secret list', () => {
    expect(() => signWebhook([], 'msg_1', now(), '{}')).toThrow(TypeError);
    expect(() => webhookSignature('whsec_c2hvcnQ=', 'm', 1, '')).toThrow(/at least 24/);
    expect(() => webhookSignature('nope', 'm', 1, '')).toThrow(TypeError);
    expect(() => signWebhook([newWebhookSecret()], 'm', 1.5, '')).toThrow(TypeError);
  });
});
