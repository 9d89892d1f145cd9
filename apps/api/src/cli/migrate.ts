import { loadConfig } from '../platform/config/config';
import { migrateShop } from '../platform/database/migrate';

/** npm run migrate: applies the SQL files in apps/api/migrations that have not run yet. */
migrateShop(loadConfig(), (line) => console.log(line))
  .then((applied) => {
    console.log(applied.length ? `${applied.length} migration(s) applied` : 'the database is up to date');
  })
  .catch((err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  });
