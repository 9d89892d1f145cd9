import { assertNever } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { FoldProjection, keyFrom, ReadModel, ReadModelProjection, requiredKeyFrom } from '../../platform/projections';
import { CUSTOMER_EVENT_TYPES, CustomerEvent, EMPTY_ADDRESS } from '../domain/customer';

/** A row of rm.customers. */
export interface CustomerRow extends Record<string, unknown> {
  id: string;
  email: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string;
  address: unknown;
  email_verified: boolean;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

/** rm.customers: accounts for sign-in, the profile and the console's customer database. */
export const customersReadModel: ReadModel<CustomerEvent, CustomerRow> = {
  name: 'customers',
  table: 'customers',
  key: 'id',
  eventTypes: CUSTOMER_EVENT_TYPES,
  keyOf(event) {
    switch (event.type) {
      case 'CustomerRegistered':
        return requiredKeyFrom(event.data.customer_id, 'customer id');
      case 'CustomerVerificationIssued':
      case 'CustomerPasswordResetRequested':
        return null; // nothing a reader needs
      default:
        return keyFrom(event.data.customer_id);
    }
  },
  evolve(row, event) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'CustomerRegistered': {
        if (row) return row; // recorded twice: the first stays
        const d = event.data;
        return {
          id: d.customer_id,
          email: d.email,
          password_hash: d.password_hash,
          first_name: '',
          last_name: '',
          phone: '',
          address: EMPTY_ADDRESS,
          email_verified: false,
          verified_at: null,
          created_at: at,
          updated_at: at,
        };
      }
      case 'CustomerEmailVerified':
        return row && { ...row, email_verified: true, verified_at: at, updated_at: at };
      case 'CustomerPasswordChanged':
        return row && { ...row, password_hash: event.data.password_hash, updated_at: at };
      case 'CustomerProfileUpdated': {
        const d = event.data;
        return (
          row && {
            ...row,
            first_name: d.first_name ?? '',
            last_name: d.last_name ?? '',
            phone: d.phone ?? '',
            address: d.address ?? EMPTY_ADDRESS,
            updated_at: at,
          }
        );
      }
      case 'CustomerDeleted':
        return null;
      case 'CustomerVerificationIssued':
      case 'CustomerPasswordResetRequested':
        return row;
      default:
        return assertNever(event);
    }
  },
};

/** The Nest provider the module lists: the read model, run by the platform. */
@Injectable()
@ReadModelProjection()
export class CustomersProjection extends FoldProjection<CustomerEvent> {
  constructor() {
    super(customersReadModel);
  }
}
