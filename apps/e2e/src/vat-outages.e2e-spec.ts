import { ViesRecording } from '@nl/domain-validation';
import { ViesFake } from '@nl/testing';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';
import { unusedVatNumber } from './support/vat-numbers.js';

// Whose fault a VAT check without a verdict is: VIES reporting that the member state's system
// did not answer is the spec's `503 ms_unavailable` body; VIES itself failing, or our way to it
// (its breaker open, a timeout, a refused connection), is a plain problem, never blamed on the
// member state. Which VIES error value is which: vies.mapper.ts (viesErrorClass).

const PROBLEM = /^application\/problem\+json/;
const JSON_BODY = /^application\/json/;

/** The status, media type and Retry-After of an answer, which is never charged. */
function expectRefusal(res: Response, status: number, type: RegExp, retryAfter: string) {
  expect({
    status: res.status,
    type: res.headers.get('content-type'),
    retryAfter: res.headers.get('retry-after'),
    charged: res.headers.get('x-credits-charged'),
  }).toEqual({ status, type: expect.stringMatching(type), retryAfter, charged: '0.00' });
}

describe.each(PROFILES)('VAT when VIES gives no verdict (%s)', (profile) => {
  let api: Stack;
  let vies: ViesFake;

  beforeAll(async () => {
    vies = await ViesFake.start(new ViesRecording());
    api = await startStack(profile, { serviceEnv: { VIES_URL: vies.url } });
  });
  afterAll(async () => {
    await api?.close();
    await vies?.close();
  });

  const check = (vatNumber: string) =>
    api.fetch('/v1/validate/vat', {
      method: 'POST',
      headers: { ...api.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ vat_number: vatNumber }),
    });

  /** One verdict from VIES: its breaker counts failures in a row, and this ends the row. */
  async function verdict() {
    const res = await check(unusedVatNumber());
    expect({ status: res.status, valid: (await jsonOf(res)).valid }).toEqual({
      status: 200,
      valid: false,
    });
  }

  /** The answer to a check of a number nothing is stored for, while `error` comes back. */
  async function answerWhile(error: string, as200: boolean) {
    await verdict();
    vies.memberStateDown('NL', error).errorsAs200(as200);
    try {
      const vatNumber = unusedVatNumber();
      const res = await check(vatNumber);
      return { res, vatNumber, body: await jsonOf(res) };
    } finally {
      vies.memberStateUp('NL').errorsAs200(false);
    }
  }

  describe('VIES says the member state did not answer', () => {
    it.each([
      ['MS_UNAVAILABLE', false],
      ['MS_UNAVAILABLE', true],
      ['TIMEOUT', false],
      ['TIMEOUT', true],
      ['MS_MAX_CONCURRENT_REQ', false],
      ['MS_MAX_CONCURRENT_REQ_TIME', true],
    ])(
      'should answer %s (as HTTP 200: %s) with 503 ms_unavailable and Retry-After 300',
      async (error, as200) => {
        const { res, vatNumber, body } = await answerWhile(error, as200);
        expectRefusal(res, 503, JSON_BODY, '300');
        expect(body).toEqual({
          valid: null,
          vat_number: vatNumber,
          country_code: 'NL',
          request_date: expect.any(String),
          company: null,
          error: 'ms_unavailable',
          message: `The NL VAT system is not available (${error}) and no earlier answer is stored; retry in a few minutes.`,
        });
      },
    );
  });

  describe('VIES itself fails', () => {
    it.each([
      ['SERVICE_UNAVAILABLE', false],
      ['SERVICE_UNAVAILABLE', true],
      ['GLOBAL_MAX_CONCURRENT_REQ', false],
      ['GLOBAL_MAX_CONCURRENT_REQ_TIME', true],
      ['SERVER_BUSY', false],
    ])(
      'should answer %s (as HTTP 200: %s) with 503 upstream_unavailable and Retry-After 60',
      async (error, as200) => {
        const { res, body } = await answerWhile(error, as200);
        expectRefusal(res, 503, PROBLEM, '60');
        expect(body).toMatchObject({
          code: 'upstream_unavailable',
          detail: `VIES is not available (${error}), and no earlier answer is stored; retry in a minute.`,
        });
      },
    );

    it('should answer an HTTP error without an error code the same way', async () => {
      await verdict();
      vies.upstream.fail(502, '<html>Bad Gateway</html>', 2);
      const res = await check(unusedVatNumber());
      expectRefusal(res, 503, PROBLEM, '60');
      expect(await jsonOf(res)).toMatchObject({
        code: 'upstream_unavailable',
        detail: expect.stringMatching(/^VIES is not available \(SERVICE_UNAVAILABLE\)/),
      });
    });

    it.each([
      ['VAT_BLOCKED', 502, 'upstream_bad_response'],
      ['INVALID_INPUT', 400, 'validation_failed'],
    ])('should still answer %s with %i %s', async (error, status, code) => {
      const { res, body } = await answerWhile(error, false);
      expect({ status: res.status, code: body.code }).toEqual({ status, code });
    });
  });

  describe('our way to VIES fails', () => {
    it('should answer a VIES that does not answer in time with 504 upstream_timeout', async () => {
      await verdict();
      vies.upstream.timeout(2);
      try {
        const res = await check(unusedVatNumber());
        expectRefusal(res, 504, PROBLEM, '60');
        expect(await jsonOf(res)).toMatchObject({
          code: 'upstream_timeout',
          detail:
            'VIES did not answer in time, and no earlier answer is stored; retry in a minute.',
        });
      } finally {
        vies.upstream.reset();
      }
    });

    // Last: from here on VIES is gone for this stack (its port refuses connections).
    it('should answer a refused connection, then the open breaker, with 503 upstream_unavailable', async () => {
      await verdict();
      await vies.close();
      const answers: { status: number; retryAfter: string | null; detail: string }[] = [];
      for (let call = 0; call < 4; call++) {
        const res = await check(unusedVatNumber());
        answers.push({
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          detail: (await jsonOf(res)).detail,
        });
      }
      const refused =
        'VIES could not be reached, and no earlier answer is stored; retry in a minute.';
      const paused =
        'VIES failed repeatedly, so VAT checks are paused for a short while, and no earlier answer is stored; retry in a minute.';
      // Two attempts a call, and the breaker opens at the fifth failure in a row.
      expect(answers).toEqual([
        { status: 503, retryAfter: '60', detail: refused },
        { status: 503, retryAfter: '60', detail: refused },
        { status: 503, retryAfter: '60', detail: paused },
        { status: 503, retryAfter: '60', detail: paused },
      ]);
    });
  });
});
