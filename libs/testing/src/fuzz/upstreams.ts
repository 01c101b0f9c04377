import { FakeDns, type FakeDnsZone } from '../fake-dns.js';
import { RdwFake, type RdwRecordingSource } from '../fakes/rdw.fake.js';
import { ViesFake, type ViesFakeRecording } from '../fakes/vies.fake.js';

const MX = (exchange: string, preference = 10) => ({ preference, exchange });

/** The DNS world of a fuzz run: the names of the valid cases (see GOOD_VALUES), one broken. */
export const FUZZ_DNS_ZONE: FakeDnsZone = {
  'example.nl': {
    A: ['192.0.2.10'],
    AAAA: ['2001:db8::10'],
    MX: [MX('mx1.example.nl')],
    NS: ['ns1.example.nl'],
    TXT: [['v=spf1 mx -all']],
    ttl: 120,
  },
  'www.example.nl': { CNAME: 'example.nl' },
  'nomx.example.nl': { A: ['192.0.2.30'] },
  'nullmx.example.nl': { MX: [MX('', 0)], A: ['192.0.2.31'] },
  'mailinator.com': { MX: [MX('mail.mailinator.com')] },
  'broken.example.nl': { behaviour: 'servfail' },
};

/**
 * The fakes the API's per-request upstreams are pointed at. Every other upstream variable (the
 * disposable-list refresh, future domains) stays pinned to a closed local port: by the test
 * profile in process, by `childEnv` (tools/bench) for the fuzz CLI's child. So nothing leaves
 * 127.0.0.1.
 */
export interface FuzzUpstreams {
  /** VIES_URL, RDW_URL and DNS_SERVERS for the services. */
  readonly env: Readonly<Record<'VIES_URL' | 'RDW_URL' | 'DNS_SERVERS' | 'DNS_TIMEOUT_MS', string>>;
  close(): Promise<void>;
}

/** The domains' recordings the fakes serve (the testing lib cannot import domain code). */
export interface FuzzRecordings {
  readonly rdw: RdwRecordingSource;
  readonly vies: () => ViesFakeRecording;
}

export async function startFuzzUpstreams(recordings: FuzzRecordings): Promise<FuzzUpstreams> {
  // Belgium is down for good, so the VAT cases also meet the `503 ms_unavailable` answer.
  const vies = (await ViesFake.start(recordings.vies())).memberStateDown('BE');
  const rdw = await RdwFake.start(recordings.rdw);
  const dns = await FakeDns.start(FUZZ_DNS_ZONE);
  return {
    env: {
      VIES_URL: vies.url,
      RDW_URL: rdw.url,
      DNS_SERVERS: dns.server,
      // Short, so a DNS case that goes wrong costs a fraction of the case timeout.
      DNS_TIMEOUT_MS: '1000',
    },
    close: async () => {
      await Promise.all([vies.close(), rdw.close(), dns.close()]);
    },
  };
}
