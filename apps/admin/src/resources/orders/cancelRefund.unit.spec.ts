import { i18nProvider } from '../../i18n/en';
import { bulkCancelConfirmation, cancelConfirmation, refundOnCancel, usd } from './cancelRefund';

const paid = { kind: 'card', status: 'processing', payment_status: 'paid', total: 1234.5, reference: 'AB12CD34', last_4: '4242' };
const unpaid = { kind: 'card', status: 'pending', payment_status: 'unpaid', total: 640, reference: 'EF56GH78' };
const consultation = { kind: 'consultation', status: 'contacted', payment_status: 'pending_consultation', total: 800 };

/** The words a staff member reads, as react-admin's Confirm would translate them. */
const words = (key: string, values: Record<string, unknown>) => i18nProvider.translate(key, values);

describe('Cancelling orders', () => {
  describe('When the order was paid by card', () => {
    it('should name the amount refunded and the card before cancelling, and say a refund was requested after', () => {
      expect(refundOnCancel(paid)).toBe(1234.5);
      const spec = cancelConfirmation('cancelled', paid)!;
      expect(words(spec.title, spec.values)).toBe(`Cancel order AB12CD34 and refund ${usd(1234.5)}?`);
      expect(words(spec.content, spec.values)).toContain(`refunds ${usd(1234.5)} to the shopper`);
      expect(words(spec.content, spec.values)).toContain('ending 4242');
      expect(words(spec.confirm, spec.values)).toBe('Cancel and refund');
      expect(words(spec.done!.message, spec.done!.values)).toMatch(
        new RegExp(`^Order cancelled\\. A refund of \\${usd(1234.5)} to the card was requested`),
      );
      // Without the card's last digits the sentence still reads.
      const noCard = cancelConfirmation('cancelled', { ...paid, last_4: null })!;
      expect(words(noCard.content, noCard.values)).not.toContain('ending');
    });
  });

  describe('When nothing was paid', () => {
    it('should ask plainly for an unpaid card order, saying nothing was charged, with no refund notice after', () => {
      expect(refundOnCancel(unpaid)).toBe(0);
      const spec = cancelConfirmation('cancelled', unpaid)!;
      expect(words(spec.title, spec.values)).toBe('Cancel order EF56GH78?');
      expect(words(spec.content, spec.values)).toMatch(/^Nothing has been charged/);
      expect(spec.done).toBeUndefined();
      // An order refunded already (a payment it could not take) gives nothing back twice.
      expect(refundOnCancel({ ...paid, payment_status: 'refunded' })).toBe(0);
      expect(refundOnCancel(consultation)).toBe(0);
    });

    it('should ask nothing for other moves (shipping a paid order, a consultation request closed)', () => {
      expect(cancelConfirmation('shipped', paid)).toBeNull();
      expect(cancelConfirmation('closed', consultation)).toBeNull();
      expect(bulkCancelConfirmation('contacted', [consultation])).toBeNull();
    });
  });

  describe('When several orders are cancelled at once', () => {
    it('should count them and add up what goes back to the cards paid', () => {
      const spec = bulkCancelConfirmation('cancelled', [paid, unpaid, { ...paid, total: 100.25 }, undefined])!;
      expect(words(spec.title, spec.values)).toBe('Cancel 4 orders?');
      expect(words(spec.content, spec.values)).toMatch(
        new RegExp(`^2 of them were paid by card: cancelling refunds \\${usd(1334.75)} in all`),
      );
      expect(words(spec.done!.message, { ...spec.done!.values, moved: 4 })).toBe(
        `Orders cancelled: 4. Refunds of ${usd(1334.75)} in all were requested for the 2 paid by card.`,
      );
      const one = bulkCancelConfirmation('cancelled', [paid])!;
      expect(words(one.title, one.values)).toBe('Cancel 1 order?');
      expect(words(one.done!.message, { ...one.done!.values, moved: 1 })).toContain('for the one paid by card');
      const none = bulkCancelConfirmation('cancelled', [unpaid, unpaid])!;
      expect(words(none.content, none.values)).not.toMatch(/refund/);
      expect(none.done).toBeUndefined();
    });
  });
});
