// Which addresses count as public: what the internet routes to, in every spelling of an address.
import { isPublicAddress, SourcePolicy } from './sourceAddresses.ts';

describe('public addresses', () => {
  it.each(['93.184.216.34', '8.8.8.8', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    '%s is public',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'link-local: cloud metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata address'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible (obsolete) loopback'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:a00:1::', '6to4 of 10.0.0.1'],
    ['2001:0:a00:1::', 'Teredo'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['example.com', 'not an address'],
    ['', 'not an address'],
  ])('%s is not public (%s)', (address) => expect(isPublicAddress(address)).toBe(false));
});

describe('an import address named as an IP address', () => {
  const policy = new SourcePolicy(['http://127.0.0.1:4100', 'https://10.0.0.5']);

  it('is refused unless public or allowed by origin (scheme, host and port)', () => {
    expect(() => policy.checkLiteral(new URL('http://93.184.216.34/products'))).not.toThrow();
    expect(() => policy.checkLiteral(new URL('http://127.0.0.1:4100/products'))).not.toThrow();
    expect(() => policy.checkLiteral(new URL('https://10.0.0.5:443/feed'))).not.toThrow();
    expect(() => policy.checkLiteral(new URL('http://127.0.0.1:4101/products'))).toThrow('127.0.0.1 is a loopback address (this machine)');
    expect(() => policy.checkLiteral(new URL('http://10.0.0.5/feed'))).toThrow('10.0.0.5 is a private address');
    expect(() => policy.checkLiteral(new URL('http://[fd00::1]/'))).toThrow('fd00::1 is a private address');
  });

  it('leaves a host name to be judged when it is resolved', () => {
    expect(() => policy.checkLiteral(new URL('http://localhost:4100/'))).not.toThrow();
  });
});
