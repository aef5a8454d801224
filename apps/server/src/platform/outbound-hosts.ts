import dns from 'node:dns';
import net from 'node:net';

/**
 * The SSRF guard for every host a user names (webhook URLs, mailbox IMAP/SMTP servers): when `blockPrivate` is on
 * (config `outboundHosts.blockPrivate`: production by default, `ALLOW_PRIVATE_HOSTS` switches it) every address a
 * host resolves to must be public. Callers connect to the address that was checked (a lookup hook or the pinned
 * address), so a DNS answer cannot change between the check and the connection.
 */

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/** Private, loopback, link-local (cloud metadata 169.254.169.254), shared, multicast or reserved; IPv4-mapped IPv6 judged as its IPv4. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
  constructor(host: string) {
    super(`${host} resolves to a private address`);
  }
}

/** dns.lookup with every address checked; the connection uses the first (for http(s).request's `lookup`). */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) return callback(new BlockedAddressError(hostname), '');
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/**
 * The address to connect to for `host`: with `blockPrivate` off the host itself (the socket resolves it); on, the
 * first of its resolved addresses once all are public, else BlockedAddressError. DNS failures reject as dns.lookup's.
 */
export async function publicAddress(host: string, blockPrivate: boolean): Promise<string> {
  if (!blockPrivate) return host;
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare) !== 0) {
    if (isPrivateAddress(bare)) throw new BlockedAddressError(host);
    return bare;
  }
  if (bare.toLowerCase() === 'localhost' || bare.toLowerCase().endsWith('.localhost')) throw new BlockedAddressError(host);
  const addresses = await dns.promises.lookup(bare, { all: true });
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw new BlockedAddressError(host);
  return addresses[0]!.address;
}
