import { LIVE } from '@nl/platform-context';
import { Upstream, UpstreamError } from '@nl/platform-upstream';
import { RDW_UPSTREAM, RdwClient, RdwUnavailable } from './rdw.client.js';

declare const takeEgressViolations: () => string[];

/** The messages of an error and its causes, outermost first (node's errors are of another realm). */
function causes(error: unknown): string[] {
  const messages: string[] = [];
  for (let e = error as { message?: unknown; cause?: unknown } | undefined; e;) {
    messages.push(String(e.message));
    e = typeof e.cause === 'object' && e.cause !== null ? (e.cause as typeof e) : undefined;
  }
  return messages;
}

describe('the egress guard of the test setup', () => {
  it('should fail an RDW client pointed at the public RDW at once, with a message naming the guard', async () => {
    const upstream = Upstream.from(RDW_UPSTREAM, {
      url: 'https://opendata.rdw.nl',
      appToken: null,
    });
    const client = new RdwClient(upstream);
    const started = performance.now();
    const error = await client.rows('vehicle', 'TT601D', LIVE).catch((e: unknown) => e);
    const ms = performance.now() - started;

    // One retry after a 200 ms back-off, no connection attempt: far below the 4 s timeout.
    expect(ms).toBeLessThan(1_500);
    expect(error).toBeInstanceOf(RdwUnavailable);
    expect((error as RdwUnavailable).reason).toBe('unavailable');
    const violations = takeEgressViolations();
    expect(violations.length).toBeGreaterThan(0);
    expect(violations[0]).toMatch(
      /^egress guard: a test tried to connect to opendata\.rdw\.nl:443/,
    );
  });

  it('should name the guard in the error the client sees', async () => {
    const upstream = Upstream.from(RDW_UPSTREAM, { url: 'https://1.1.1.1', appToken: null });
    const error = await upstream
      .request({ path: '/resource/m9d7-ebf2.json' }, LIVE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(causes(error).join(' ← ')).toMatch(/egress guard: .*1\.1\.1\.1:443/);
    expect(takeEgressViolations()).toHaveLength(2); // the first attempt and its retry
  });
});
