import { isIPv4, isIPv6 } from 'net';
import { keyedDigest } from '../privacy/privacy-secret';

/**
 * Who "one client" is for the order throttle and the stock-hold cap, when its e-mail, cookies and
 * X-Forwarded-For can all be made up: the network address the shop itself decides (Fastify's request.ip,
 * which believes X-Forwarded-For only from TRUST_PROXY's peers, and then only the hop a trusted proxy added).
 * An IPv4 address is one client; an IPv6 address counts by its /64, the block one subscriber is given, so
 * rotating through a home's addresses is one client still. An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function clientNetwork(ip: string | undefined | null): string {
  const raw = (ip ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(raw);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(raw)) return raw;
  if (isIPv6(raw)) return `${expandIPv6(raw).slice(0, 4).join(':')}::/64`;
  return 'unknown';
}

/** The eight hextets of an IPv6 address (a zone id dropped, :: expanded, an embedded IPv4 tail as two hextets). */
function expandIPv6(ip: string): string[] {
  let text = ip.split('%')[0];
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...middle, ...right].map((h) => (parseInt(h, 16) || 0).toString(16));
}

/** The client's network as a keyed digest (privacy secret): what tables and Redis keep, never the address. */
export function clientKey(ip: string | undefined | null): string {
  return keyedDigest('order-client', clientNetwork(ip));
}
