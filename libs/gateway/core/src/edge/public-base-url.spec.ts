import type { PlatformConfig } from '@nl/platform-config';
import type { FastifyRequest } from 'fastify';
import { PublicBaseUrl } from './public-base-url.js';

const http = (over: Partial<PlatformConfig['http']> = {}): PlatformConfig['http'] => ({
  host: '0.0.0.0',
  port: 3000,
  trustedProxies: [],
  publicBaseUrl: null,
  ...over,
});

/** A request as Fastify hands it over: protocol and host already read from X-Forwarded-* when trusted. */
const request = (peer: string, host: string, protocol = 'http') =>
  ({ socket: { remoteAddress: peer }, host, protocol }) as unknown as FastifyRequest;

describe('PublicBaseUrl', () => {
  it('should answer PUBLIC_BASE_URL whatever the request says', () => {
    const sut = new PublicBaseUrl(http({ publicBaseUrl: 'https://api.example.nl' }));
    expect(sut.of(request('127.0.0.1', 'evil.example', 'https'))).toBe('https://api.example.nl');
    expect(sut.of()).toBe('https://api.example.nl');
  });

  it('should never take the Host of a client that reached the app directly', () => {
    const sut = new PublicBaseUrl(http({ port: 4321 }));
    expect(sut.of(request('203.0.113.7', 'evil.example'))).toBe('http://localhost:4321');
    const proxied = new PublicBaseUrl(http({ trustedProxies: ['10.0.0.0/8'] }));
    expect(proxied.of(request('203.0.113.7', 'evil.example', 'https'))).toBe(
      'http://localhost:3000',
    );
  });

  it('should name the port the request came in on when PORT=0 picked a free one', () => {
    const sut = new PublicBaseUrl(http({ port: 0 }));
    const arrived = {
      socket: { remoteAddress: '127.0.0.1', localPort: 40123 },
      host: 'evil.example',
    };
    expect(sut.of(arrived as unknown as FastifyRequest)).toBe('http://localhost:40123');
  });

  it('should take the scheme and host a trusted proxy forwarded', () => {
    const sut = new PublicBaseUrl(http({ trustedProxies: ['10.0.0.0/8', 'loopback'] }));
    expect(sut.of(request('10.1.2.3', 'api.example.nl', 'https'))).toBe('https://api.example.nl');
    expect(sut.of(request('::ffff:10.1.2.3', 'api.example.nl', 'https'))).toBe(
      'https://api.example.nl',
    );
    expect(sut.of(request('::1', 'api.example.nl:8443', 'https'))).toBe(
      'https://api.example.nl:8443',
    );
    expect(sut.of(request('10.1.2.3', 'bad host/x'))).toBe('http://localhost:3000');
  });
});
