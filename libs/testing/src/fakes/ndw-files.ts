import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Location = Readonly<Record<string, unknown>>;
type Respond = (req: IncomingMessage, res: ServerResponse) => void;

/** A small deterministic PRNG (mulberry32): the same file for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES = ['AVAILABLE', 'CHARGING', 'UNKNOWN', 'OUTOFORDER', 'AVAILABLE'];
const POWERS = [3_680, 11_040, 22_080, 50_000, 150_000];
const CITIES = ['Utrecht', 'Amsterdam', 'Rotterdam', "'s-Hertogenbosch", 'Groningen'];

/**
 * Generated OCPI 2.2.1 Locations for load tests and refresh tests, each a copy of a real NDW
 * location (`template`, the shipped one) with its own id, a place inside the Netherlands'
 * bounding box, and varied EVSE statuses and powers: the shape of NDW's file, not its data.
 */
export function* ocpiLocations(template: Location, count: number, seed = 1): Iterable<Location> {
  const next = random(seed);
  const evses = (template['evses'] as Location[] | undefined) ?? [];
  for (let i = 0; i < count; i++) {
    const power = POWERS[Math.floor(next() * POWERS.length)];
    yield {
      ...template,
      id: `${String(template['id'])}-${i}`,
      city: CITIES[i % CITIES.length],
      postal_code: `${1000 + Math.floor(next() * 8999)} AB`,
      coordinates: {
        latitude: (50.75 + next() * 2.75).toFixed(6),
        longitude: (3.4 + next() * 3.8).toFixed(6),
      },
      evses: evses.map((evse, e) => ({
        ...evse,
        uid: `${i}-${e}`,
        status: STATUSES[Math.floor(next() * STATUSES.length)],
        connectors: ((evse['connectors'] as Location[] | undefined) ?? []).map((c) => ({
          ...c,
          max_electric_power: power,
        })),
      })),
    };
  }
}

/** The locations as the text of NDW's file, a JSON array, piece by piece. */
export function* ocpiFileText(locations: Iterable<Location>): Iterable<string> {
  yield '[';
  let first = true;
  for (const location of locations) {
    yield `${first ? '' : ','}\n${JSON.stringify(location)}`;
    first = false;
  }
  yield '\n]\n';
}

/** A file server on 127.0.0.1 whose answer a test sets; it keeps the requests it saw. */
export class FileServer {
  private respond: Respond = (_req, res) => void res.writeHead(404).end();
  readonly seen: IncomingMessage[] = [];

  private constructor(private readonly server: ReturnType<typeof createServer>) {}

  static async start(): Promise<FileServer> {
    const server = createServer();
    const files = new FileServer(server);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      files.seen.push(req);
      files.respond(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return files;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  set(respond: Respond): void {
    this.respond = respond;
  }

  /** Serves `body` with an ETag; answers 304 when the request sends it back. */
  serve(body: Buffer | string, etag: string): void {
    this.set((req, res) => {
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
      res.writeHead(200, { etag }).end(body);
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
