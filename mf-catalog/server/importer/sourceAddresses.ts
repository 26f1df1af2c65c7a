// Which network addresses an import may read. An import URL is chosen by a person but fetched from
// inside the shop's network, so by default only addresses the public internet routes to are read:
// never loopback, private, link-local (a cloud's metadata service), CGNAT, multicast or reserved
// ranges, in any spelling (IPv4-mapped IPv6, NAT64, 6to4 and Teredo carry an IPv4 address inside).
// IMPORT_ALLOWED_ORIGINS names the internal sources someone chose deliberately (decision 0041).
import dns, { type LookupAddress } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** Whether `address` (an IP address as DNS answers it) is one the public internet routes to. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) reaches its IPv4 address: judged as that.
  const ip = ipaddr.process(address);
  // Outside 2000::/3 nothing is routed on the internet (and ::127.0.0.1-style forms are obsolete).
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return false;
  return ip.range() === 'unicast';
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private address',
  uniqueLocal: 'a private address',
  linkLocal: 'a link-local address (where clouds answer their metadata)',
  carrierGradeNat: 'a carrier-grade NAT address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
};

function describe(address: string): string {
  if (!ipaddr.isValid(address)) return 'not an address';
  return RANGE_NAMES[ipaddr.process(address).range()] ?? 'not a public address';
}

/** An import source refused for where it points; the message says why and what lets it in. */
export class RefusedSource extends Error {
  override name = 'RefusedSource';
  /** Why, e.g. "10.0.0.1 is a private address". */
  readonly reason: string;

  /** `where` names what was refused when the reason alone does not (the address asked for, a redirect). */
  constructor(reason: string, where?: string) {
    super(`${where ? `${where}: ` : ''}${reason}. Imports read public addresses only; IMPORT_ALLOWED_ORIGINS names an internal source`);
    this.reason = reason;
  }
}

/** The refusal of `host` (a name or an address) for `address`, one of the addresses it stands for. */
export function refusedAddress(host: string, address: string): RefusedSource {
  const what = host === address ? address : `${host} resolves to ${address}, which`;
  return new RefusedSource(`${what} is ${describe(address)}`);
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** The origins IMPORT_ALLOWED_ORIGINS lets an import read whatever their addresses. */
export class SourcePolicy {
  private readonly allowed: ReadonlySet<string>;

  constructor(allowedOrigins: readonly string[]) {
    this.allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  }

  isAllowed(url: URL): boolean {
    return this.allowed.has(url.origin);
  }

  /**
   * Throws a RefusedSource when the URL names a non-public IP address itself and is not allowed.
   * A host name is judged when it is resolved, at the connection (publicOnlyLookup).
   */
  checkLiteral(url: URL): void {
    const host = bare(url.hostname);
    if (net.isIP(host) && !this.isAllowed(url) && !isPublicAddress(host)) throw refusedAddress(host, host);
  }
}

type Lookup = typeof dns.lookup;
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the connection itself (net.connect's option): it resolves the host and fails when
 * any of its addresses is not public, so the address checked is the address connected to (a DNS
 * answer that changes between a check and the connection cannot slip through).
 */
export function publicOnlyLookup(resolve: Lookup = dns.lookup) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find(({ address }) => !isPublicAddress(address));
      if (refused) return callback(refusedAddress(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
