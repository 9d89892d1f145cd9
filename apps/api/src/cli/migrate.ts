import { loadConfig } from '../platform/config/config';
import { migrateShop } from '../platform/database/migrate';
import { argsOrExit } from './args';

/** npm run migrate: applies the SQL files in apps/api/migrations that have not run yet. It takes no arguments. */
argsOrExit('migrate', {});
migrateShop(loadConfig(), (line) => console.log(line))
  .then((applied) => {
    console.log(applied.length ? `${applied.length} migration(s) applied` : 'the database is up to date');
  })
  .catch((err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  });
