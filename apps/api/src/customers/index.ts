// The face of this part (issue 42): what other parts may import. Anything else in this folder is its own;
// the lint rule in eslint.config.mjs refuses a deep import from another part. The module comes last, so a
// part that reaches this file through a cycle of parts finds the plain exports above it already loaded.
export type {
  CustomerEvent,
  CustomerRegistered,
  CustomerVerificationIssued,
  CustomerEmailVerified,
  CustomerPasswordResetRequested,
  CustomerPasswordChanged,
  CustomerProfileUpdated,
  CustomerDeleted,
  CustomerState,
} from './domain/customer';
export { CUSTOMER_EVENT_TYPES, customer, customerStream, customerSubject } from './domain/customer';
export { DeleteCustomerCommand } from './commands/delete-customer.command';
export { CustomersModule } from './customers.module';
