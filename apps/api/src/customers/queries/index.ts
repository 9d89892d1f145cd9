import { AuthenticateCustomerHandler } from './authenticate-customer.handler';
import { GetCustomerHandler, ListCustomersHandler } from './customer-queries';
import { GetSignedInCustomerHandler } from './get-signed-in-customer.handler';

export const QUERY_HANDLERS = [ListCustomersHandler, GetCustomerHandler, GetSignedInCustomerHandler, AuthenticateCustomerHandler];
