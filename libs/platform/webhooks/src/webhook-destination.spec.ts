import {
  ALLOW_LOOPBACK_FOR_TESTS,
  checkWebhookUrl,
  WebhookUrlRefused,
  type DestinationOptions,
  type WebhookResolver,
} from './webhook-destination.js';

/** A resolver answering from a table, counting its calls: no real DNS in tests. */
function fakeDns(table: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve: WebhookResolver = async (name) => {
    calls.push(name);
    const found = table[name];
    if (!found) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

async function reason(url: string, options: Parameters<typeof checkWebhookUrl>[1] = {}) {
  try {
    await checkWebhookUrl(url, { resolve: fakeDns({}).resolve, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookUrlRefused);
    return (error as WebhookUrlRefused).reason;
  }
  return 'accepted';
}

describe('checkWebhookUrl', () => {
  it('accepts an https name resolving to public addresses and pins the first one', async () => {
    const dns = fakeDns({ 'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07::1'] });
    const checked = await checkWebhookUrl('https://hooks.example.com/in?x=1', dns);
    expect(checked).toMatchObject({
      hostname: 'hooks.example.com',
      address: '93.184.215.14',
      family: 4,
    });
    expect(dns.calls).toEqual(['hooks.example.com']);
  });

  it.each([
    ['not a url', 'invalid_url'],
    ['https://user:pw@hooks.example.com/', 'invalid_url'],
    ['http://hooks.example.com/', 'not_https'],
    ['ftp://hooks.example.com/', 'not_https'],
    ['https://nowhere.example.com/', 'unresolvable'],
    ['https://127.0.0.1/', 'loopback_address'],
    ['https://2130706433/', 'loopback_address'],
    ['https://0x7f.1/', 'loopback_address'],
    ['https://[::1]:8443/', 'loopback_address'],
    ['https://10.0.0.8/', 'private_address'],
    ['https://172.20.1.1/', 'private_address'],
    ['https://192.168.178.1/', 'private_address'],
    ['https://169.254.169.254/latest/meta-data/', 'link_local_address'],
    ['https://100.100.100.200/', 'cgnat_address'],
    ['https://[fd00::1]/', 'private_address'],
    ['https://[fe80::1]/', 'link_local_address'],
    ['https://[::ffff:169.254.169.254]/', 'link_local_address'],
    ['https://[::ffff:10.0.0.1]/', 'private_address'],
    ['https://0.0.0.0/', 'unspecified_address'],
    ['https://[::]/', 'unspecified_address'],
    ['https://224.0.0.251/', 'multicast_address'],
  ])('refuses %s: %s', async (url, why) => {
    expect(await reason(url)).toBe(why);
  });

  it('refuses a name that resolves to a private or metadata address', async () => {
    const dns = fakeDns({
      'inside.example.com': ['10.1.2.3'],
      'metadata.example.com': ['169.254.169.254'],
      'localhost.example.com': ['::1'],
      'mixed.example.com': ['93.184.215.14', '192.168.0.10'],
    });
    expect(await reason('https://inside.example.com/', dns)).toBe('private_address');
    expect(await reason('https://metadata.example.com/', dns)).toBe('link_local_address');
    expect(await reason('https://localhost.example.com/', dns)).toBe('loopback_address');
    // One bad address among good ones is enough: we must not leave the choice to chance.
    expect(await reason('https://mixed.example.com/', dns)).toBe('private_address');
  });

  it('counts a resolver that hangs as unresolvable, after the resolve timeout', async () => {
    const hang: WebhookResolver = () => new Promise(() => undefined);
    const started = Date.now();
    expect(await reason('https://slow.example.com/', { resolve: hang, resolveTimeoutMs: 50 })).toBe(
      'unresolvable',
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('says why in the message, naming the address', async () => {
    const dns = fakeDns({ 'inside.example.com': ['10.1.2.3'] });
    await expect(checkWebhookUrl('https://inside.example.com/', dns)).rejects.toThrow(
      /inside\.example\.com leads to 10\.1\.2\.3, a private address/,
    );
  });

  describe('the loopback opening for tests', () => {
    const open: DestinationOptions = { allowLoopbackForTests: ALLOW_LOOPBACK_FOR_TESTS };

    it('allows http and https to loopback only', async () => {
      expect(await reason('http://127.0.0.1:9/', open)).toBe('accepted');
      expect(await reason('http://[::1]:9/', open)).toBe('accepted');
      expect(await reason('http://10.0.0.1/', open)).toBe('private_address');
      expect(await reason('https://169.254.169.254/', open)).toBe('link_local_address');
      const dns = fakeDns({ 'public.example.com': ['93.184.215.14'] });
      expect(await reason('http://public.example.com/', { ...open, ...dns })).toBe('not_https');
    });

    it('cannot be switched on by anything parsed from input', async () => {
      const fromJson = JSON.parse('{"allowLoopbackForTests": true}') as object;
      expect(await reason('http://127.0.0.1:9/', fromJson)).toBe('not_https');
      expect(await reason('https://127.0.0.1:9/', fromJson)).toBe('loopback_address');
      const named = { allowLoopbackForTests: 'webhooks.allowLoopbackForTests' } as object;
      expect(await reason('https://127.0.0.1:9/', named)).toBe('loopback_address');
    });
  });
});
