import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap';
import { CatalogSeeder } from './catalog/seed/catalog-seeder';
import { loadConfig } from './platform/config/config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp();
  await app.listen({ port: config.port, host: config.host });
  if (config.roles.includes('api') && process.env.FACET_SEED !== 'false') {
    const listed = await app.get(CatalogSeeder).seedIfEmpty();
    if (listed) Logger.log(`the catalogue was empty: listed ${listed} products`, 'Facet');
  }
  const url = `http://localhost:${config.port}`;
  Logger.log(`Facet is open: shop ${url}/  console ${url}/admin  API docs ${url}/api/docs`, 'Facet');
  Logger.log(`roles: ${config.roles.join(', ')}; event store: ${config.eventStoreUrl ? 'EventStoreDB' : 'PostgreSQL'}`, 'Facet');
  if (!config.adminCredentialsFromEnv && config.env !== 'production') {
    Logger.warn(`Development administrator: ${config.adminEmail} / ${config.adminPassword} (set ADMIN_EMAIL and ADMIN_PASSWORD to change)`, 'Facet');
  }
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error(err);
  process.exit(1);
});
