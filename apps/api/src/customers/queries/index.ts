import { GetCustomerHandler, ListCustomersHandler } from './customer-queries';

export const QUERY_HANDLERS = [ListCustomersHandler, GetCustomerHandler];
