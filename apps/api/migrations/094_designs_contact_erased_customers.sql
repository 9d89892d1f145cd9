-- Accounts a CustomerDeleted has erased, as the custom-design and contact-message models saw them (rebuilt
-- by replay like any read model): a request or message sent signed in while the account was being erased
-- can be recorded after the CustomerDeleted that purged its rows; it then shows "erased", live and after a
-- replay alike (as rm.orders_erased_customers does for orders).
CREATE TABLE rm.custom_designs_erased_customers (
  customer_id text PRIMARY KEY
);
CREATE TABLE rm.contact_messages_erased_customers (
  customer_id text PRIMARY KEY
);
