import { argsOrExit } from './args';

/** npm run seed: lists the shop's catalogue on an empty store (`-- --force` lists it again anyway). */
async function main(): Promise<void> {
  const args = argsOrExit('seed', { '--force': {} });
  // Loaded once the arguments are known good: a mistyped one is refused at once, not after the whole shop loads.
  const [{ CatalogSeeder }, { ReviewSeeder }, { cliContext }] = await Promise.all([
    import('../catalog'),
    import('../reviews'),
    import('./context'),
  ]);
  const app = await cliContext('projector');
  const seeder = app.get(CatalogSeeder);
  const listed = args.has('--force') ? await seeder.seed() : await seeder.seedIfEmpty();
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
