import { isLoopbackAddress, refusedAddress } from './ip-address-rules.js';

describe('refusedAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback_address'],
    ['127.255.255.254', 'loopback_address'],
    ['10.0.0.1', 'private_address'],
    ['10.255.255.255', 'private_address'],
    ['172.16.0.1', 'private_address'],
    ['172.31.255.255', 'private_address'],
    ['192.168.1.1', 'private_address'],
    ['169.254.169.254', 'link_local_address'],
    ['169.254.0.1', 'link_local_address'],
    ['100.64.0.1', 'cgnat_address'],
    ['100.127.255.255', 'cgnat_address'],
    ['224.0.0.1', 'multicast_address'],
    ['239.255.255.250', 'multicast_address'],
    ['0.0.0.0', 'unspecified_address'],
    ['255.255.255.255', 'reserved_address'],
    ['192.0.2.10', 'reserved_address'],
    ['::', 'unspecified_address'],
    ['::1', 'loopback_address'],
    ['[::1]', 'loopback_address'],
    ['fc00::1', 'private_address'],
    ['fd12:3456:789a::1', 'private_address'],
    ['fe80::1', 'link_local_address'],
    ['fe80::1%eth0', 'link_local_address'],
    ['ff02::1', 'multicast_address'],
    ['::ffff:127.0.0.1', 'loopback_address'],
    ['::ffff:7f00:1', 'loopback_address'],
    ['::ffff:10.1.2.3', 'private_address'],
    ['::ffff:169.254.169.254', 'link_local_address'],
    ['::ffff:a9fe:a9fe', 'link_local_address'],
    ['0:0:0:0:0:ffff:192.168.0.1', 'private_address'],
    ['::127.0.0.1', 'loopback_address'],
    ['::8.8.8.8', 'reserved_address'],
    ['64:ff9b::10.0.0.1', 'private_address'],
    ['2002:a9fe:a9fe::1', 'link_local_address'],
    ['2001:db8::1', 'reserved_address'],
    ['not-an-address', 'reserved_address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('lets the public address %s through', (address) => {
    expect(refusedAddress(address)).toBeUndefined();
  });

  it('knows loopback in each of its forms and nothing else', () => {
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(
      true,
    );
    expect(['10.0.0.1', '::', '0.0.0.0', '8.8.8.8'].some(isLoopbackAddress)).toBe(false);
  });
});
