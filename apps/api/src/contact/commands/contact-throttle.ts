import { Injectable } from '@nestjs/common';
import { LoginThrottle } from '../../platform/auth/login-throttle.service';

export const CONTACT_THROTTLE = { perAddress: 5, windowMinutes: 10 } as const;
export const CONTACT_THROTTLED_MESSAGE = `Too many messages sent from your connection. Please wait ${CONTACT_THROTTLE.windowMinutes} minutes and try again, or call us directly.`;

/** At most 5 contact messages per client address in 10 minutes, reserved in one statement before the message is taken. */
@Injectable()
export class ContactThrottle {
  constructor(private readonly attempts: LoginThrottle) {}

  /** Counts this attempt, or refuses it with a 429 when the address has used up its window. */
  async take(address: string): Promise<void> {
    const windowSeconds = CONTACT_THROTTLE.windowMinutes * 60;
    await this.attempts.reserve(
      'contact',
      null,
      address,
      { perAddress: CONTACT_THROTTLE.perAddress, windowSeconds, maxSeconds: windowSeconds },
      () => CONTACT_THROTTLED_MESSAGE,
    );
  }
}
