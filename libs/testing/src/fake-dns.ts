import dnsPacket, { type Answer, type Packet } from 'dns-packet';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** What one name holds; a type left out answers NODATA (the name exists, no such record). */
export interface FakeDnsName {
  readonly A?: readonly string[];
  readonly AAAA?: readonly string[];
  readonly CNAME?: string;
  /** `exchange: ''` with preference 0 is a null MX (RFC 7505). */
  readonly MX?: readonly { readonly preference: number; readonly exchange: string }[];
  readonly NS?: readonly string[];
  /** Each record as its chunks (strings over 255 octets must be split). */
  readonly TXT?: readonly (readonly string[])[];
  readonly SOA?: {
    readonly mname: string;
    readonly rname: string;
    readonly serial: number;
    readonly refresh: number;
    readonly retry: number;
    readonly expire: number;
    readonly minimum: number;
  };
  readonly PTR?: readonly string[];
  readonly SRV?: readonly {
    readonly priority: number;
    readonly weight: number;
    readonly port: number;
    readonly target: string;
  }[];
  /** Instead of records: an error answer, or no answer at all. */
  readonly behaviour?: 'servfail' | 'refused' | 'timeout';
  readonly ttl?: number;
}

export type FakeDnsZone = Readonly<Record<string, FakeDnsName>>;

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

/**
 * A DNS server on 127.0.0.1 (UDP and TCP on one port) that answers from a zone in memory, for
 * deterministic tests of code that uses node's resolver. Names missing from the zone are
 * NXDOMAIN; ANY gets NOTIMP, as many public resolvers answer it (RFC 8482). `unresponsive()`
 * makes it swallow every query, like an unreachable server.
 */
export class FakeDns {
  readonly queries: { name: string; type: string }[] = [];
  private silent = false;

  private constructor(
    private zone: FakeDnsZone,
    private readonly udp: UdpSocket,
    private readonly tcp: Server,
    private readonly tcpSockets: Set<Socket>,
    readonly port: number,
  ) {}

  static async start(zone: FakeDnsZone): Promise<FakeDns> {
    const tcpSockets = new Set<Socket>();
    /** Set once constructed; the handlers below only run after that. */
    const ref: { fake?: FakeDns } = {};
    const tcp = createServer((socket) => {
      tcpSockets.add(socket);
      socket.on('close', () => tcpSockets.delete(socket));
      socket.on('error', () => undefined);
      let buffer = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        while (buffer.length >= 2 && buffer.length >= 2 + buffer.readUInt16BE(0)) {
          const length = buffer.readUInt16BE(0);
          const message = buffer.subarray(2, 2 + length);
          buffer = buffer.subarray(2 + length);
          const reply = ref.fake?.answer(message);
          if (reply) {
            const framed = Buffer.alloc(2 + reply.length);
            framed.writeUInt16BE(reply.length, 0);
            reply.copy(framed, 2);
            socket.write(framed);
          }
        }
      });
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    const { port } = tcp.address() as AddressInfo;
    const udp = createSocket('udp4');
    udp.on('message', (message, remote) => {
      const reply = ref.fake?.answer(message);
      if (reply) udp.send(reply, remote.port, remote.address);
    });
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(port, '127.0.0.1', () => resolve());
    });
    ref.fake = new FakeDns(zone, udp, tcp, tcpSockets, port);
    return ref.fake;
  }

  /** `127.0.0.1:port`, for `Resolver.setServers` or DNS_SERVERS. */
  get server(): string {
    return `127.0.0.1:${this.port}`;
  }

  setZone(zone: FakeDnsZone): void {
    this.zone = zone;
  }

  /** Stops answering anything (true) or answers again (false). */
  unresponsive(on = true): void {
    this.silent = on;
  }

  async close(): Promise<void> {
    for (const socket of this.tcpSockets) socket.destroy();
    await Promise.all([
      new Promise<void>((resolve) => this.tcp.close(() => resolve())),
      new Promise<void>((resolve) => this.udp.close(() => resolve())),
    ]);
  }

  private answer(message: Buffer): Buffer | null {
    let query: Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return null;
    }
    const question = query.questions?.[0];
    if (!question) return null;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    this.queries.push({ name, type: question.type });
    if (this.silent) return null;
    const entry = this.zone[name];
    if (entry?.behaviour === 'timeout') return null;
    const reply = (rcode: number, answers: Answer[] = []) =>
      dnsPacket.encode({
        type: 'response',
        id: query.id,
        flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
        questions: [question],
        answers,
      });
    if ((question.type as string) === 'ANY') return reply(RCODE.NOTIMP);
    if (!entry) return reply(RCODE.NXDOMAIN);
    if (entry.behaviour === 'servfail') return reply(RCODE.SERVFAIL);
    if (entry.behaviour === 'refused') return reply(RCODE.REFUSED);
    return reply(RCODE.NOERROR, this.records(name, question.type, entry));
  }

  private records(name: string, type: string, entry: FakeDnsName): Answer[] {
    const ttl = entry.ttl ?? 300;
    const base = { name, ttl, class: 'IN' as const };
    // A CNAME answers every type, as a real server's alias does (the resolver follows it).
    if (entry.CNAME && type !== 'CNAME') {
      const target = this.zone[entry.CNAME.toLowerCase()];
      const alias: Answer = { ...base, type: 'CNAME', data: entry.CNAME };
      return target ? [alias, ...this.records(entry.CNAME.toLowerCase(), type, target)] : [alias];
    }
    switch (type) {
      case 'A':
        return (entry.A ?? []).map((data) => ({ ...base, type: 'A', data }));
      case 'AAAA':
        return (entry.AAAA ?? []).map((data) => ({ ...base, type: 'AAAA', data }));
      case 'CNAME':
        return entry.CNAME ? [{ ...base, type: 'CNAME', data: entry.CNAME }] : [];
      case 'MX':
        return (entry.MX ?? []).map((mx) => ({ ...base, type: 'MX', data: { ...mx } }));
      case 'NS':
        return (entry.NS ?? []).map((data) => ({ ...base, type: 'NS', data }));
      case 'TXT':
        return (entry.TXT ?? []).map((chunks) => ({ ...base, type: 'TXT', data: [...chunks] }));
      case 'SOA':
        return entry.SOA ? [{ ...base, type: 'SOA', data: { ...entry.SOA } }] : [];
      case 'PTR':
        return (entry.PTR ?? []).map((data) => ({ ...base, type: 'PTR', data }));
      case 'SRV':
        return (entry.SRV ?? []).map((srv) => ({ ...base, type: 'SRV', data: { ...srv } }));
      default:
        return [];
    }
  }
}
