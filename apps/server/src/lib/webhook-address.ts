import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import dns from 'node:dns';

/**
 * Addresses a webhook must not reach unless WEBHOOK_ALLOW_PRIVATE: this host, the local network,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, IPv4-mapped and NAT64 forms included) is private. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  const lower = bare.toLowerCase();
  // ::ffff:10.0.0.1, ::ffff:a00:1 and 64:ff9b::10.0.0.1 reach IPv4 addresses.
  const mapped = lower.match(/^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const hexMapped = lower.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16);
    const lo = parseInt(hexMapped[2]!, 16);
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return blocked.check(bare, 'ipv6');
}

export type AddressCheck =
  | { ok: true }
  | { ok: false; reason: 'private'; address: string }
  | { ok: false; reason: 'unresolvable' };

/** Resolves the URL's host and checks every address it has. */
export async function checkUrlAddress(url: string): Promise<AddressCheck> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host))
    return isPrivateAddress(host) ? { ok: false, reason: 'private', address: host } : { ok: true };
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  return bad ? { ok: false, reason: 'private', address: bad.address } : { ok: true };
}

/**
 * A DNS lookup for the delivery's connection that refuses private answers: the address checked is
 * the one connected to, so a name that changes its answer between the check and the connection
 * (DNS rebinding) is still refused.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) {
      const refused = Object.assign(
        new Error(`refused: ${hostname} resolves to a private address (${bad.address})`),
        {
          code: 'EWEBHOOKPRIVATE',
        },
      );
      return callback(refused, '', 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};
