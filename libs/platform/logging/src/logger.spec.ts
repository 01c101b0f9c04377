import { Writable } from 'node:stream';
import { createLogger } from './logger.js';
import { runWithRequestId } from './request-context.js';

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
