import type { PlatformConfig } from '@nl/platform-config';
import type { FastifyRequest } from 'fastify';
import { BlockList, isIP } from 'node:net';

/** proxy-addr's range names, which TRUSTED_PROXIES accepts, as the ranges they stand for. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The trusted proxies as a block list of addresses and ranges. */
export function trustedPeers(proxies: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of proxies.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/** Whether the connection's peer is one of the trusted proxies (an IPv4 peer seen as `::ffff:a.b.c.d` too). */
export function fromTrustedPeer(request: FastifyRequest, peers: BlockList): boolean {
  const peer = request.socket?.remoteAddress;
  if (!peer) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer)?.[1];
  const address = mapped ?? peer;
  return peers.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The URL callers reach the API at, for the links and URLs the API hands out (x402's resource
 * URL, llms.txt, the front page): PUBLIC_BASE_URL when set; else the scheme and host a trusted
 * proxy forwarded (Fastify reads X-Forwarded-Proto and -Host only from those); else
 * `http://localhost:PORT` (with PORT=0, the port the request came in on). Never the `Host` of
 * a client that reached the app directly: an address a client chose must not end up in what the
 * API signs or publishes.
 */
export class PublicBaseUrl {
  private readonly peers: BlockList;

  constructor(private readonly http: PlatformConfig['http']) {
    this.peers = trustedPeers(http.trustedProxies);
  }

  of(request?: FastifyRequest): string {
    if (this.http.publicBaseUrl) return this.http.publicBaseUrl;
    if (request && this.http.trustedProxies.length && fromTrustedPeer(request, this.peers)) {
      const origin = `${request.protocol}://${request.host}`;
      if (URL.canParse(origin)) return new URL(origin).origin;
    }
    // PORT=0 listens on any free port: the one the request came in on is it.
    return `http://localhost:${this.http.port || request?.socket?.localPort || 0}`;
  }
}
