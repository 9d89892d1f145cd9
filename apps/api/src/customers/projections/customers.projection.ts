import { assertNever } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { Projection, ReadModelProjection } from '../../platform/projections/projection';
import { CUSTOMER_EVENT_TYPES, CustomerEvent, EMPTY_ADDRESS } from '../domain/customer';

/** rm.customers: accounts for sign-in, the profile and the console's customer database. */
@Injectable()
@ReadModelProjection()
export class CustomersProjection implements Projection<CustomerEvent> {
  readonly name = 'customers';
  readonly eventTypes = CUSTOMER_EVENT_TYPES;

  async apply(tx: Tx, event: RecordedEvent<CustomerEvent>): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'CustomerRegistered': {
        const d = event.data;
        await tx.query(
          `INSERT INTO customers (id, email, password_hash, address, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (id) DO NOTHING`,
          [d.customer_id, d.email, d.password_hash, JSON.stringify(EMPTY_ADDRESS), at],
        );
        break;
      }
      case 'CustomerEmailVerified':
        await tx.query('UPDATE customers SET email_verified = true, verified_at = $2, updated_at = $2 WHERE id = $1', [
          event.data.customer_id,
          at,
        ]);
        break;
      case 'CustomerPasswordChanged':
        await tx.query('UPDATE customers SET password_hash = $2, updated_at = $3 WHERE id = $1', [
          event.data.customer_id,
          event.data.password_hash,
          at,
        ]);
        break;
      case 'CustomerProfileUpdated': {
        const d = event.data;
        await tx.query(`UPDATE customers SET first_name = $2, last_name = $3, phone = $4, address = $5, updated_at = $6 WHERE id = $1`, [
          d.customer_id,
          d.first_name ?? '',
          d.last_name ?? '',
          d.phone ?? '',
          JSON.stringify(d.address ?? EMPTY_ADDRESS),
          at,
        ]);
        break;
      }
      case 'CustomerDeleted':
        await tx.query('DELETE FROM customers WHERE id = $1', [event.data.customer_id]);
        break;
      case 'CustomerVerificationIssued':
      case 'CustomerPasswordResetRequested':
        // Nothing a reader needs.
        break;
      default:
        assertNever(event);
    }
  }
}
