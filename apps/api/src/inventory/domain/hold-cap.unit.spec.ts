import { holdCapRefusal } from './hold-cap';

describe('The stock-hold cap per client', () => {
  const ring = (quantity: number) => ({ variantId: 'v1', item: 'Ring (Size 6)', quantity });

  it('should let a client hold up to the cap of a variant across its unpaid orders', () => {
    expect(holdCapRefusal([ring(10)], {}, 10)).toBeNull();
    expect(holdCapRefusal([ring(4)], { v1: 6 }, 10)).toBeNull();
    expect(holdCapRefusal([ring(1)], { other: 10 }, 10)).toBeNull();
  });

  it('should refuse the units past the cap, saying what the limit is and what is already held', () => {
    expect(holdCapRefusal([ring(1)], { v1: 10 }, 10)).toBe(
      'One shopper can hold at most 10 of Ring (Size 6) in orders not yet paid. Your orders not yet paid already hold 10; pay or cancel one of them first.',
    );
    expect(holdCapRefusal([ring(5)], { v1: 7 }, 10)).toBe(
      'One shopper can hold at most 10 of Ring (Size 6) in orders not yet paid. Your orders not yet paid already hold 7; you can add 3 more.',
    );
    expect(holdCapRefusal([ring(11)], {}, 10)).toBe('One shopper can hold at most 10 of Ring (Size 6) in orders not yet paid.');
  });
});
