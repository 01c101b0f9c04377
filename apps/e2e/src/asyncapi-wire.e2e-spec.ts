import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { EndpointDefinition, SandboxRequest, SandboxTrigger } from '@nl/contracts-core';
import { kvkRecording } from '@nl/domain-kvk';
import { PROPERTY_RECORDINGS } from '@nl/domain-property';
import { rdwRecording, recordedRows } from '@nl/domain-rdw';
import { ViesRecording } from '@nl/domain-validation';
import { FakeDns, FakeUpstream, PropertyFakes, REAL_SERVERS, RdwFake, ViesFake } from '@nl/testing';
import {
  committedAsyncApi,
  messageSchemas,
  schemaChecker,
  type AsyncApiDoc,
} from './support/asyncapi.js';
import { startStack, type Stack } from './support/stack.js';

// asyncapi.json followed to the letter by a team that has only it: a plain NATS client, the
// request object as JSON, the documented headers, the reply read as JSON and checked against
// the document's schemas. The services run as separate apps on the real NATS of the
// distributed profile (CI); without it there is no wire to speak of, and the suite is skipped.
if (!REAL_SERVERS)
  process.stdout.write('asyncapi-wire: skipped, needs NATS_URL, DATABASE_URL and REDIS_URL\n');
const suite = REAL_SERVERS ? describe : describe.skip;

type Json = Record<string, unknown>;

/** The request object of a sandbox entry, typed as the document's request schema says. */
function payloadOf(row: EndpointDefinition, entry: SandboxRequest, document: AsyncApiDoc): Json {
  if (entry.body) return { ...entry.body };
  const url = new URL(entry.path, 'http://sandbox.invalid');
  const out: Json = {};
  for (const path of row.paths) {
    const names: string[] = [];
    const pattern = path.replace(/:(\w+)/g, (_m, name: string) => (names.push(name), '([^/]+)'));
    const match = new RegExp(`^${pattern}$`).exec(url.pathname);
    if (!match) continue;
    names.forEach((name, i) => (out[name] = decodeURIComponent(match[i + 1])));
    break;
  }
  for (const [name, value] of url.searchParams) out[name] = value;
  const schema = document.components.schemas[messageSchemas(document, row.id).request];
  const properties = schema['properties'] as Record<string, { type?: string }>;
  for (const [name, value] of Object.entries(out)) {
    const type = properties[name]?.type;
    if (type === 'integer' || type === 'number') out[name] = Number(value);
    if (type === 'boolean') out[name] = value === 'true';
  }
  return out;
}

const isTrigger = (entry: SandboxRequest): entry is SandboxTrigger => 'status' in entry;

/** The code behind a trigger whose public answer is a body of the spec's own, by its status. */
const CODE_OF_STATUS: Readonly<Record<number, string>> = {
  404: 'not_found',
  422: 'unprocessable',
  503: 'upstream_unavailable',
  504: 'upstream_timeout',
};

suite('asyncapi.json followed by a plain NATS client, on every subject', () => {
  const document = committedAsyncApi();
  const check = schemaChecker(document);
  const rows = ENDPOINT_CATALOG.filter((row) => !row.planned);
  let api: Stack;
  let nats: NatsConnection;
  let rdw: RdwFake;
  let kvk: FakeUpstream;
  let vies: ViesFake;
  let dns: FakeDns;
  let property: PropertyFakes;

  /** Requests every upstream fake has had, by fake. */
  const upstreamCalls = () => ({
    rdw: rdw.upstream.calls.length,
    kvk: kvk.calls.length,
    vies: vies.upstream.calls.length,
    dns: dns.queries.length,
    pdok: property.pdok.calls.length,
    bag: property.bag.calls.length,
    woz: property.woz.calls.length,
    epOnline: property.epOnline.calls.length,
    plans: property.plans.calls.length,
  });

  beforeAll(async () => {
    rdw = await RdwFake.start({ recording: rdwRecording, rows: recordedRows });
    kvk = await FakeUpstream.serving(kvkRecording());
    vies = await ViesFake.start(new ViesRecording());
    dns = await FakeDns.start({
      'example.nl': { MX: [{ exchange: 'mx.example.nl', preference: 10 }] },
    });
    property = await PropertyFakes.start(PROPERTY_RECORDINGS);
    api = await startStack('distributed', {
      serviceEnv: {
        RDW_URL: rdw.url,
        KVK_URL: kvk.url,
        KVK_API_KEY: 'kvk-test-key',
        VIES_URL: vies.url,
        DNS_SERVERS: dns.server,
        ...property.env(),
      },
    });
    nats = await connect({ servers: process.env.NATS_URL });
  }, 120_000);
  afterAll(async () => {
    await nats?.close();
    await api?.close();
    await Promise.all([rdw?.close(), kvk?.close(), vies?.close(), dns?.close(), property?.close()]);
  });

  /** A NATS request as the document describes it; a reply within a second (the default). */
  async function ask(
    subject: string,
    payload: string,
    head: Record<string, string> = {},
    timeout = 1_000,
  ) {
    const h = headers();
    for (const [name, value] of Object.entries(head)) h.set(name, value);
    const reply = await nats.request(subject, payload, { timeout, headers: h });
    return { body: reply.json<Json>(), errorCode: reply.headers?.get('x-error-code') || undefined };
  }

  /** The reply checked against the subject's reply or error schema; the error's code. */
  function expectDocumented(row: EndpointDefinition, reply: Awaited<ReturnType<typeof ask>>) {
    const names = messageSchemas(document, row.id);
    const error = reply.body['error'] as { code: string } | undefined;
    expect(check(error ? names.error : names.reply, reply.body)).toEqual([]);
    expect(reply.errorCode).toBe(error?.code);
    return error?.code;
  }

  describe.each(rows.map((row) => [row.subject, row] as const))('%s', (subject, row) => {
    const live = () => payloadOf(row, row.sandbox?.examples[0] as SandboxRequest, document);

    it('should answer malformed JSON and a message that is not its request object at once with a documented error, and drop one without a reply subject', async () => {
      expect(expectDocumented(row, await ask(subject, '{"code":'))).toBe('bad_request');
      const nestPacket = JSON.stringify({ pattern: subject, data: live(), id: '1' });
      expect(expectDocumented(row, await ask(subject, nestPacket))).toBe('validation_failed');
      const badHeader = await ask(subject, JSON.stringify(live()), { 'x-sandbox': 'maybe' });
      expect(expectDocumented(row, badHeader)).toBe('validation_failed');
      // The documented request, published without a reply subject: nobody could get the
      // answer, so it must not be worked on (the upstream counts are checked at the end).
      nats.publish(subject, JSON.stringify(live()));
      await nats.flush();
    });

    it('should answer each sandbox request and failure trigger as the document says', async () => {
      const entries = [...(row.sandbox?.examples ?? []), ...(row.sandbox?.triggers ?? [])];
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        const payload = payloadOf(row, entry, document);
        expect(check(messageSchemas(document, row.id).request, payload)).toEqual([]);
        const reply = await ask(
          subject,
          JSON.stringify(payload),
          { 'x-request-id': `wire-${row.id}`, 'x-sandbox': 'true' },
          row.timeoutMs,
        );
        const code = expectDocumented(row, reply);
        if (!isTrigger(entry) || entry.status < 400) expect(code).toBeUndefined();
        else expect(code).toBe(entry.answer['code'] ?? CODE_OF_STATUS[entry.status]);
      }
    });
  });

  it('should have called no upstream for any of it, while a live request does', async () => {
    // Everything above was either refused, dropped or answered from the recordings.
    expect(Object.values(upstreamCalls()).every((n) => n === 0)).toBe(true);
    const byId = (id: string) => rows.find((row) => row.id === id) as EndpointDefinition;
    for (const id of [
      'rdw.vehicle.lite',
      'kvk.company.get',
      'validation.vat.check',
      'property.pandgegevens.get',
    ]) {
      const row = byId(id);
      const payload = payloadOf(row, row.sandbox?.examples[0] as SandboxRequest, document);
      expectDocumented(row, await ask(row.subject, JSON.stringify(payload), {}, row.timeoutMs));
    }
    const calls = upstreamCalls();
    for (const fake of ['rdw', 'kvk', 'vies', 'pdok'] as const)
      expect(calls[fake]).toBeGreaterThan(0);
  });
});
