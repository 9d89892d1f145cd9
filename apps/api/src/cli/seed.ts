import { CatalogSeeder } from '../catalog';
import { ReviewSeeder } from '../reviews';
import { cliContext } from './context';

/** npm run seed: lists the shop's catalogue on an empty store (`-- --force` lists it again anyway). */
async function main(): Promise<void> {
  const app = await cliContext('projector');
  const seeder = app.get(CatalogSeeder);
  const listed = process.argv.includes('--force') ? await seeder.seed() : await seeder.seedIfEmpty();
  console.log(
    listed ? `listed ${listed} products` : 'the catalogue already has products (or was seeded before); use --force to list the seed again',
  );
  const reviews = await app.get(ReviewSeeder).seedIfMissing();
  if (reviews) console.log(`listed ${reviews} reviews of the seeded pieces`);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
