import type { User } from '@facet/contracts';

/** The signed-in customer of the account pages' specs: verified, with an empty address. */
export const ADA: User = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '',
  address: { street: '', apartment: '', city: '', state: '', zipCode: '', country: 'US' },
  emailVerified: true,
  verifiedAt: null,
};
