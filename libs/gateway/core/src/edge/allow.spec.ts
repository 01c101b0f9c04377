import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allowedMethods, methodRefusal } from './allow.js';

/** A router that has `routes` (method → paths) and, like Fastify's, an OPTIONS route for all. */
function routerWith(routes: Record<string, string[]>) {
  const asked: string[] = [];
  const findRoute = ({ method, url }: { method: string; url: string }) => {
    asked.push(method);
    const path = url.split('?')[0];
    return method === 'OPTIONS' || routes[method]?.includes(path) ? { handler: () => 0 } : null;
  };
  return { sut: { findRoute } as unknown as FastifyInstance, asked };
}

describe('allowedMethods', () => {
  it('should list the methods routed for the path in a fixed order, then OPTIONS', () => {
    const { sut } = routerWith({
      POST: ['/a'],
      DELETE: ['/a'],
      GET: ['/a', '/b'],
      HEAD: ['/a', '/b'],
    });
    expect(allowedMethods(sut, '/a?x=1')).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    expect(allowedMethods(sut, '/b')).toBe('GET, HEAD, OPTIONS');
  });

  it('should say null for a path only the OPTIONS route takes', () => {
    const { sut, asked } = routerWith({ GET: ['/a'] });
    expect(allowedMethods(sut, '/nowhere')).toBeNull();
    expect(asked).not.toContain('OPTIONS');
  });

  it('should not ask the router about a path it cannot read (it answers those with its bad-URL handler)', () => {
    const { sut, asked } = routerWith({ GET: ['/%zz'] });
    expect(allowedMethods(sut, '/%zz')).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('methodRefusal', () => {
  const refusal = (method: string, url: string) => {
    const { sut } = routerWith({ GET: ['/docs/x'], HEAD: ['/docs/x'] });
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => (headers[name] = value) };
    const request = { method, url, server: sut } as unknown as FastifyRequest;
    return { error: methodRefusal(request, reply as unknown as FastifyReply), headers };
  };

  it('should refuse a method the path has no route for with 405 and its Allow', () => {
    const { error, headers } = refusal('DELETE', '/docs/x');
    expect(error?.code).toBe('method_not_allowed');
    expect(headers).toEqual({ allow: 'GET, HEAD, OPTIONS' });
  });

  it('should leave a 404 of a route of this very method alone (a missing static file)', () => {
    expect(refusal('GET', '/docs/x')).toEqual({ error: null, headers: {} });
    expect(refusal('HEAD', '/docs/x')).toEqual({ error: null, headers: {} });
  });

  it('should leave an unknown path a 404', () => {
    expect(refusal('DELETE', '/nowhere')).toEqual({ error: null, headers: {} });
  });
});
