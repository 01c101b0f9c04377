import { configReader } from '@nl/platform-config';
import { WEBHOOKS_CONFIG } from './webhooks.config.js';

function parse(env: Record<string, string>) {
  const problems: string[] = [];
  const settings = WEBHOOKS_CONFIG.parse(configReader(WEBHOOKS_CONFIG.vars, env, problems));
  return { settings, problems };
}

describe('WEBHOOKS_CONFIG', () => {
  it('should keep loopback closed and the real schedule by default', () => {
    expect(parse({})).toEqual({ settings: { allowLoopback: false, retryScale: 1 }, problems: [] });
  });

  it('should read the test settings', () => {
    const env = { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SCALE: '0.001' };
    expect(parse(env).settings).toEqual({ allowLoopback: true, retryScale: 0.001 });
  });

  it('should name a value that is not a boolean, and a scale out of range', () => {
    const { problems } = parse({ WEBHOOKS_ALLOW_LOOPBACK: 'yes', WEBHOOK_RETRY_SCALE: '5' });
    expect(problems).toEqual([
      'WEBHOOKS_ALLOW_LOOPBACK must be true or false',
      expect.stringContaining('WEBHOOK_RETRY_SCALE'),
    ]);
  });
});
