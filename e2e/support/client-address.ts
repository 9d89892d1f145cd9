import { randomInt } from 'crypto';

/**
 * A made-up client address for one caller. Every journey reaches the one e2e shop from 127.0.0.1, and the
 * shop's throttles count per client address (5 contact messages per 10 minutes): without their own
 * address, journeys would use up each other's budget depending on the order jest runs them. The shop
 * believes X-Forwarded-For from loopback (TRUST_PROXY's default), as it would behind a local proxy.
 */
export function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}
