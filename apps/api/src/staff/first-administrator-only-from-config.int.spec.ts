import { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { DatabaseService } from '../platform/database/database.service';
import { RunnersService } from '../platform/projections/runners.service';
import { createTestDatabase } from '../testing/test-database';

/** The first administrator comes only from the operator's ADMIN_EMAIL, never from a migration or a replay. */
describe('The first administrator is made only from the configuration', () => {
  // The command-line context's queues, apart from every other test's.
  const queuePrefix = `facet-test-${randomBytes(4).toString('hex')}`;

  describe('When the first administrator is made', () => {
    it('should not be made by migrate or by a replay, even in development without ADMIN_EMAIL', async () => {
      const db = await createTestDatabase();
      const saved = { ...process.env };
      let ctx: INestApplicationContext | null = null;
      try {
        Object.assign(process.env, {
          NODE_ENV: 'development',
          DATABASE_URL: db.url,
          QUEUE_PREFIX: `${queuePrefix}-cli`,
          LOG_LEVEL: 'error',
        });
        delete process.env.ADMIN_EMAIL;
        delete process.env.ADMIN_PASSWORD;
        // As `npm run replay` does (it boots the api role).
        const { cliContext } = require('../cli/context');
        ctx = (await cliContext('api')) as INestApplicationContext;
        await ctx.get(RunnersService).replay({});
        const pg = ctx.get(DatabaseService);
        const events = await pg.one<{ n: string }>('SELECT count(*) AS n FROM public.es_events');
        const staffRows = await pg.one<{ n: string }>('SELECT count(*) AS n FROM rm.staff_members');
        console.log(`replay on a fresh development database: ${events!.n} events, ${staffRows!.n} staff members`);
        expect(Number(events!.n)).toBe(0);
        expect(Number(staffRows!.n)).toBe(0);
      } finally {
        await ctx?.close();
        for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
        Object.assign(process.env, saved);
        await db.drop();
      }
    });
  });
});
