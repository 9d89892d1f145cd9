import type { CustomerEvent } from '@facet/contracts';
import { readModelSpec, recorded } from '../../testing/read-model-spec';
import { EMPTY_ADDRESS } from '../domain/customer';
import { CustomerRow, customersReadModel } from './customers.projection';

const customers = readModelSpec(customersReadModel);
const ID = '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c';
const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-04T12:00:00.000Z';
const event = (type: CustomerEvent['type'], data: Record<string, unknown>, occurredAt = LATER) =>
  recorded<CustomerEvent>({ type, data: { customer_id: ID, ...data } as never }, { occurredAt });
const registered = () => event('CustomerRegistered', { email: 'ada@example.com', password_hash: 'h1' }, AT);

const ada: CustomerRow = {
  id: ID,
  email: 'ada@example.com',
  password_hash: 'h1',
  first_name: '',
  last_name: '',
  phone: '',
  address: EMPTY_ADDRESS,
  email_verified: false,
  verified_at: null,
  created_at: AT,
  updated_at: AT,
};

describe('rm.customers as a fold', () => {
  it('should register an account with an empty profile, the first of two registrations staying', () => {
    customers.given(registered()).thenRow(ID, ada);
    customers.given(registered(), event('CustomerRegistered', { email: 'x@example.com' })).thenRow(ID, ada);
  });

  it('should verify the e-mail and change the password, with when', () => {
    customers
      .given(registered(), event('CustomerEmailVerified', {}))
      .thenRow(ID, { ...ada, email_verified: true, verified_at: LATER, updated_at: LATER });
    customers
      .given(registered(), event('CustomerPasswordChanged', { password_hash: 'h2' }))
      .thenRow(ID, { ...ada, password_hash: 'h2', updated_at: LATER });
  });

  it('should update the profile, missing fields as empty', () => {
    const address = { line1: '1 Ring Road', city: 'Bath' };
    customers
      .given(registered(), event('CustomerProfileUpdated', { first_name: 'Ada', last_name: 'Lovelace', phone: '+44 1', address }))
      .thenRow(ID, { ...ada, first_name: 'Ada', last_name: 'Lovelace', phone: '+44 1', address, updated_at: LATER });
    customers.given(registered(), event('CustomerProfileUpdated', {})).thenRow(ID, { ...ada, updated_at: LATER });
  });

  it('should store names as accepted (a lone surrogate as PostgreSQL received it from a parameter, a NUL for PostgreSQL to refuse)', () => {
    customers.given(registered(), event('CustomerProfileUpdated', { first_name: 'Zoë \ud800', last_name: 'a\u0000b' })).thenRowMatches(ID, {
      first_name: 'Zoë \ufffd',
      last_name: 'a\u0000b',
    });
  });

  it('should delete an erased account, and ignore what no reader needs', () => {
    customers.given(registered(), event('CustomerDeleted', {})).thenNoRow(ID);
    customers.given(registered(), event('CustomerVerificationIssued', {}), event('CustomerPasswordResetRequested', {})).thenRow(ID, ada);
    expect(customersReadModel.keyOf(event('CustomerVerificationIssued', {}))).toBeNull();
    customers.given(event('CustomerEmailVerified', {})).thenNoRow(ID);
  });
});
