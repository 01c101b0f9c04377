import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { frontDoorIndex, frontPage } from './front-page.js';

describe('the front page', () => {
  const accepting = ENDPOINT_CATALOG.filter((e) => e.x402).length;

  it('should say how many endpoints take x402 when the server takes it', () => {
    const text = frontPage(ENDPOINT_CATALOG, true).text.replace(/\s+/g, ' ');
    expect(text).toContain(
      `Without a key, ${accepting} of the ${ENDPOINT_CATALOG.length} endpoints answer <code>402 Payment Required</code>`,
    );
  });

  it('should say so when x402 is not enabled on the server', () => {
    const text = frontPage(ENDPOINT_CATALOG, false).text.replace(/\s+/g, ' ');
    expect(text).toContain('it is not enabled on this server');
    expect(text).not.toContain('402 Payment Required');
  });

  it('should link the status page, and the readiness check for monitors', () => {
    const page = frontPage(ENDPOINT_CATALOG, false).text;
    expect(page).toContain('<li><a href="/status">Status</a>: availability and latency');
    expect(page).toContain('<li><a href="/health/ready">Readiness</a>: ');
    const rels = frontDoorIndex(ENDPOINT_CATALOG, 'https://api.example.test', false).links;
    expect(rels.find((l) => l.rel === 'status')?.href).toBe('https://api.example.test/status');
  });

  it('should give the JSON index absolute links at the base, and whether x402 is on', () => {
    const index = frontDoorIndex(ENDPOINT_CATALOG, 'https://api.example.test', true);
    expect(index).toMatchObject({ endpoints: ENDPOINT_CATALOG.length, x402: true });
    expect(index.links.every((l) => l.href.startsWith('https://api.example.test/'))).toBe(true);
  });
});
