import { BadRequestException } from '@nestjs/common';
import { createValidationPipe } from '../../../platform/http/validation';
import { CreateOrderDto } from './order.dto';

/** The order's body through the shop's own ValidationPipe, as POST /api/orders receives it. */
async function refusal(body: Record<string, unknown>): Promise<{ field: string; message: string }[]> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: CreateOrderDto });
  } catch (err) {
    if (err instanceof BadRequestException) return (err.getResponse() as { errors: { field: string; message: string }[] }).errors;
    throw err;
  }
  return [];
}

const line = (quantity: number) => ({ product_id: '6f1c2a9e-0000-4000-8000-000000000001', price: 100, quantity });
const shipping = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+1 555 010 2000' };
const consultation = (quantity: number, statuses: Record<string, string> = { status: 'consultation_requested' }) => ({
  items: [line(quantity)],
  shipping,
  payment: { card_name: '', last_4: '' },
  ...statuses,
});

describe('An order line past the most of one piece (10)', () => {
  it('should tell a consultation request the limit and how to ask for more, not to request a consultation', async () => {
    const expected = [
      {
        field: 'items.0.quantity',
        message:
          'A consultation request can include at most 10 of one piece. For more, request 10 and tell our specialist how many you would like when they contact you.',
      },
    ];
    expect(await refusal(consultation(11))).toEqual(expected);
    // A consultation named by its payment status alone is one too (requestedStatuses).
    expect(await refusal(consultation(11, { payment_status: 'pending_consultation' }))).toEqual(expected);
    expect(await refusal(consultation(10))).toEqual([]);
  });

  it('should steer a card order to a consultation', async () => {
    const card = { ...consultation(11, { status: 'pending', payment_status: 'unpaid' }), payment: { card_name: 'Ada', last_4: '4242' } };
    expect(await refusal(card)).toEqual([
      { field: 'items.0.quantity', message: 'You can order at most 10 of one piece. For more, please request a consultation.' },
    ]);
  });
});
