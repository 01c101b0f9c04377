import { Writable } from 'node:stream';
import { createLogger, maskApiKeys, serializeError } from './logger.js';
import { runWithRequestId } from '@nl/platform-context';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, sut: createLogger({ service: 'test', level: 'info', destination }) };
}

describe(createLogger.name, () => {
  it('should put the request id of the current request on every line', async () => {
    const { lines, sut } = capture();
    runWithRequestId('req-1', () => sut.info('inside'));
    sut.info('outside');
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({
      msg: 'inside',
      requestId: 'req-1',
      service: 'test',
      level: 'info',
    });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('should redact API keys, bearer tokens and payment signatures', async () => {
    const { lines, sut } = capture();
    sut.info({
      req: {
        headers: {
          'x-api-key': 'nlk_live_secret',
          authorization: 'Bearer nlk_live_secret',
          'payment-signature': 'sig',
        },
      },
    });
    await new Promise((r) => setImmediate(r));
    expect(JSON.stringify(lines)).not.toContain('nlk_live_secret');
    expect(JSON.stringify(lines)).not.toContain('sig"');
  });

  it('should mask an API key anywhere in a line, keeping its visible prefix', async () => {
    const { lines, sut } = capture();
    const key = 'nlk_live_Ab12Cd' + 'x9'.repeat(13);
    sut.info({ path: `/v1/cbs/sbi/6210?api_key=${key}`, note: `key ${key} twice ${key}` }, key);
    await new Promise((r) => setImmediate(r));
    const text = JSON.stringify(lines);
    expect(text).not.toContain(key);
    expect(text).not.toContain('x9x9');
    expect(lines[0]).toMatchObject({
      path: '/v1/cbs/sbi/6210?api_key=nlk_live_Ab12Cd…[redacted]',
      msg: 'nlk_live_Ab12Cd…[redacted]',
    });
  });
});

describe('maskApiKeys', () => {
  const key = 'nlk_live_Ab12Cd' + 'x9'.repeat(13);

  it.each([
    ['underscores encoded', key.replace(/_/g, '%5F')],
    ['lower-case hex', key.replace(/_/g, '%5f')],
    ['every character encoded', [...key].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')],
    ['a test key', `nlk%5Ftest%5F${'Zz'.repeat(16)}`],
    ['underscores encoded twice', key.replace(/_/g, '%255F')],
    ['underscores encoded twice, in lower case', key.replace(/_/g, '%255f')],
    ['underscores encoded three times', key.replace(/_/g, '%25255F')],
    [
      'every character encoded twice',
      [...key].map((c) => `%25${c.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
    ],
    ['one character of its secret part encoded', `${key.slice(0, 20)}%78${key.slice(21)}`],
    ['one character of its secret part encoded twice', `${key.slice(0, 20)}%2578${key.slice(21)}`],
  ])('should mask a key with %s', (_name, encoded) => {
    const line = maskApiKeys(`{"path":"/v1/cbs/sbi/6210?api_key=${encoded}&x=1"}`);
    expect(line).toBe('{"path":"/v1/cbs/sbi/6210?api_key=nlk_…[redacted]&x=1"}');
  });

  it('should mask an encoded key in a path, and a plain one in the same line', () => {
    const line = maskApiKeys(`GET /v1/cbs/sbi/${key.replace(/_/g, '%255F')} key=${key} 100%`);
    expect(line).toBe('GET /v1/cbs/sbi/nlk_…[redacted] key=nlk_live_Ab12Cd…[redacted] 100%');
  });

  it('should leave text that merely mentions the prefix alone', () => {
    expect(maskApiKeys('keys start with nlk_live_ or nlk%5Flive or nlk%255Flive%255F')).toBe(
      'keys start with nlk_live_ or nlk%5Flive or nlk%255Flive%255F',
    );
  });
});

describe('serializeError', () => {
  it('should drop SQL text, parameters and row values from database errors', () => {
    const error = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      query: 'SELECT * FROM cbs.sbi_code WHERE title = $1',
      parameters: ['secret\u0000value'],
      driverError: { code: '22021', detail: 'Key (hash)=(abc) exists', internalQuery: 'x' },
    });
    const text = JSON.stringify(serializeError(error));
    expect(text).toContain('invalid byte sequence');
    expect(text).toContain('22021');
    for (const leak of ['SELECT', 'secret', 'Key (hash)', 'internalQuery'])
      expect(text).not.toContain(leak);
  });
});
