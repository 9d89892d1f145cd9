-- Accounts a CustomerDeleted has erased, as the orders model saw them (rebuilt by replay like any read
-- model). An order a signed-in customer placed while their account was being erased can be recorded after
-- the CustomerDeleted that purged their orders; its row then shows "erased", live and after a replay alike.
CREATE TABLE rm.orders_erased_customers (
  customer_id text PRIMARY KEY
);
