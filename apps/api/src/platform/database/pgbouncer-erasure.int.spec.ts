import { throughPgBouncer } from '../../testing/pgbouncer';

// The erasure suite with DATABASE_URL at a pgbouncer in transaction mode (see pgbouncer.int.spec.ts).
throughPgBouncer('Erasure', () => {
  require('../../reliability/erasure-leaves-nothing.int.spec');
});
