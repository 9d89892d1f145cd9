import { Command } from '@nestjs/cqrs';

/** What the webhook did with a verified Stripe event (the HTTP answer is 200 in every case). */
export interface StripeWebhookResult {
  received: true;
  /** The event id was already recorded: nothing changed. */
  duplicate: boolean;
  /** Whether the event changed a session (false: ignored, awaiting, or recorded for staff). */
  applied: boolean;
}

/** A Stripe webhook delivery: its raw body and Stripe-Signature header, verified before anything is read or recorded. */
export class StripeWebhookCommand extends Command<StripeWebhookResult> {
  constructor(
    readonly rawBody: Buffer | string,
    readonly signature: string | undefined,
  ) {
    super();
  }
}
