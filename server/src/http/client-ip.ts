import ipaddr from 'ipaddr.js';

/** An address in canonical form (IPv4-mapped IPv6 becomes IPv4), or undefined when it is not one. */
const canonical = (raw: string | undefined) => {
  const value = raw?.trim();
  if (!value || !ipaddr.isValid(value)) return undefined;
  return ipaddr.process(value).toString();
};

/**
 * The client as this server sees it. Behind `hops` trusted proxies, each one appends the address it
 * received the request from to X-Forwarded-For, so the client is the entry `hops` places from the
 * right; anything further left was written by the client itself and is ignored. With fewer entries
 * than hops, the leftmost one is as far as the trusted chain reaches.
 */
export const resolveClientIp = (
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string => {
  const socket = canonical(socketAddress);
  if (hops > 0 && forwardedFor) {
    const entries = forwardedFor.split(',');
    const picked = canonical(entries[Math.max(0, entries.length - hops)]);
    if (picked) return picked;
  }
  return socket ?? 'unknown';
};

/**
 * The throttle bucket of an address. One IPv6 subscriber is usually handed a whole /64, so counting
 * single IPv6 addresses would give an attacker 2^64 fresh buckets: they share one per /64.
 */
export const ipBucket = (ip: string): string => {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/64`).toString()}/64`;
};
