import { FakeChain, FakeFacilitator } from '@nl/testing';
import type { DiscoveryExtension } from '@x402/extensions/bazaar';
import { rawRequest } from './support/raw-http.js';
import { jsonOf, startStack, type Stack } from './support/stack.js';
import {
  BASE,
  BASE_USDC as USDC,
  SBI,
  decodeX402 as decode,
  validateBazaar,
  x402Env,
} from './support/x402.js';

// What a Bazaar facilitator (a catalogue of payable resources) and an agent read in a 402: the
// discovery extension of the route, and the resource's URL as callers reach the API, from
// PUBLIC_BASE_URL whatever Host or X-Forwarded-Host a client sends.

const PUBLIC = 'https://api.example.test';

describe('x402 discovery: the Bazaar extension and the public resource URL', () => {
  let facilitator: FakeFacilitator;
  let api: Stack;

  beforeAll(async () => {
    facilitator = await FakeFacilitator.start(new FakeChain(USDC), BASE);
    api = await startStack('standalone', {
      env: { PUBLIC_BASE_URL: PUBLIC, ...x402Env(facilitator.url) },
    });
  });
  afterAll(async () => {
    await api?.close();
    await facilitator?.close();
  });

  it.each([
    ['GET', SBI, undefined],
    ['GET', '/v1/kadaster/bag/address-suggest?q=Westeringlaan&limit=5', undefined],
    ['POST', '/v1/validate/vat', { vat_number: 'BE0244142664' }],
  ])('%s %s: a 402 whose bazaar extension the package validates', async (method, path, body) => {
    const res = await api.fetch(path, {
      method,
      ...(body && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    expect(res.status).toBe(402);
    const required = decode(res.headers.get('payment-required'));
    const bazaar = (required.extensions as { bazaar: DiscoveryExtension }).bazaar;
    expect(validateBazaar(bazaar)).toEqual({ schema: { valid: true }, spec: { valid: true } });
    expect(bazaar.info.input).toMatchObject({ type: 'http', method });
    expect(bazaar.schema.properties.output).toBeDefined();
    expect(required.resource).toMatchObject({ url: `${PUBLIC}${path}` });
    expect((await jsonOf(res)).price).toMatchObject({ asset: 'USDC', amount: expect.any(String) });
  });

  it('should name PUBLIC_BASE_URL as the resource, never the Host or X-Forwarded-Host sent', async () => {
    const path = '/v1/kadaster/bag/address-suggest?q=abc';
    const res = await rawRequest(
      api.url,
      `GET ${path} HTTP/1.1\r\nHost: evil.example\r\nX-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: http\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(402);
    const required = decode(res.headers['payment-required'] ?? '');
    expect(required.resource).toMatchObject({ url: `${PUBLIC}${path}` });
    expect(res.body).not.toContain('evil.example');
  });
});
