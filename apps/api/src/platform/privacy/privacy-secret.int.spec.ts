import { createHmac, randomBytes } from 'crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { guestSubject, keyedDigest, loadPrivacySecret, PRIVACY_SECRET_FILE } from './privacy-secret';

/**
 * The privacy secret never lives in the database: PRIVACY_SECRET (required in production) or a file under the
 * data directory; a shop whose older version stored it in public.privacy_secret moves it to the file.
 */
describe('The privacy secret', () => {
  let db: TestDatabase;
  let pool: Pool;
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'facet-secret-'));
    dirs.push(d);
    return d;
  };
  const storedRows = async () => (await pool.query('SELECT secret FROM public.privacy_secret')).rows;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: db.url, max: 4 });
    // An idle client ended by the server (a busy CI host once cut one with 57P01) must not fail the running
    // case as an unhandled 'error' event: the next query on the pool opens a new connection.
    pool.on('error', () => undefined);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  // Each case starts from a database that has never seen a secret.
  beforeEach(async () => {
    await pool.query('DELETE FROM public.privacy_secret; DELETE FROM public.privacy_secret_fingerprint');
  });

  it('should refuse to start in production without PRIVACY_SECRET, naming it', async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { NODE_ENV: 'production', DATABASE_URL: db.url, ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'Prod-1985!x' });
      delete process.env.PRIVACY_SECRET;
      const { createApp } = require('../../bootstrap');
      await expect(createApp()).rejects.toThrow(/PRIVACY_SECRET must be set in production/);
    } finally {
      process.env = saved;
    }
  });

  it('should generate the development secret into a 0600 file under the data directory, never into the database', async () => {
    const dir = join(dataDir(), 'nested', 'data');
    await loadPrivacySecret(pool, { fromEnv: null, dataDir: dir });
    const file = join(dir, PRIVACY_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    expect(secret).toHaveLength(32);
    expect(await storedRows()).toEqual([]);
    // Nothing in any table of the database holds it.
    const dump = JSON.stringify((await pool.query(`SELECT fingerprint FROM public.privacy_secret_fingerprint`)).rows);
    expect(dump).not.toContain(secret.toString('hex'));
    expect(dump).not.toContain(secret.toString('base64'));

    // A second start reads the same file: the same digests.
    const subject = guestSubject('Ada@Example.com');
    await loadPrivacySecret(pool, { fromEnv: null, dataDir: dir });
    expect(guestSubject('ada@example.com')).toBe(subject);
  });

  it('should move a secret an older version stored in the database to the file, keeping every digest', async () => {
    const old = randomBytes(32);
    await pool.query('INSERT INTO public.privacy_secret (id, secret) VALUES (1, $1)', [old]);
    const dir = dataDir();
    await loadPrivacySecret(pool, { fromEnv: null, dataDir: dir });
    expect(readFileSync(join(dir, PRIVACY_SECRET_FILE), 'utf8').trim()).toBe(old.toString('hex'));
    expect(await storedRows()).toEqual([]);
    // The guest subject as the older version derived it from the stored secret.
    const digest = createHmac('sha256', old).update('guest-subject\0ada@example.com').digest('hex').slice(0, 40);
    expect(guestSubject('ada@example.com')).toBe(`guest:${digest}`);
  });

  it('should carry a stored secret over through PRIVACY_SECRET=base64:, and refuse another one', async () => {
    const old = randomBytes(32);
    await pool.query('INSERT INTO public.privacy_secret (id, secret) VALUES (1, $1)', [old]);
    await expect(loadPrivacySecret(pool, { fromEnv: 'a different secret of thirty-two characters', dataDir: dataDir() })).rejects.toThrow(
      /public\.privacy_secret holds the privacy secret .* and PRIVACY_SECRET holds another/,
    );
    expect(await storedRows()).toHaveLength(1); // kept until the right one is given
    await loadPrivacySecret(pool, { fromEnv: `base64:${old.toString('base64')}`, dataDir: dataDir() });
    expect(await storedRows()).toEqual([]);
    await expect(loadPrivacySecret(pool, { fromEnv: 'base64:c2hvcnQ=', dataDir: dataDir() })).rejects.toThrow(/at least 32 bytes/);
    await expect(loadPrivacySecret(pool, { fromEnv: 'short', dataDir: dataDir() })).rejects.toThrow(/at least 32 characters/);
  });

  it('should refuse a secret other than the one the database was first used with', async () => {
    await loadPrivacySecret(pool, { fromEnv: null, dataDir: dataDir() });
    const before = keyedDigest('test', 'x');
    // A lost file or a wrong directory would make a fresh secret: every stored digest would match nothing.
    await expect(loadPrivacySecret(pool, { fromEnv: null, dataDir: dataDir() })).rejects.toThrow(
      /is not the one this database's digests were made with/,
    );
    await expect(loadPrivacySecret(pool, { fromEnv: 'x'.repeat(40), dataDir: dataDir() })).rejects.toThrow(/PRIVACY_SECRET is not the one/);
    expect(keyedDigest('test', 'x')).toBe(before); // the refused secret was not taken
  });

  it('should refuse a file that does not hold a secret (NUL bytes, text, too short)', async () => {
    for (const content of [
      '\u0000'.repeat(64),
      'not a secret at all, just words ' + 'x'.repeat(40),
      'ab'.repeat(16),
      '\ud800'.repeat(64),
    ]) {
      const dir = dataDir();
      writeFileSync(join(dir, PRIVACY_SECRET_FILE), content);
      await expect(loadPrivacySecret(pool, { fromEnv: null, dataDir: dir })).rejects.toThrow(
        /must hold the privacy secret as 64 or more hex digits/,
      );
    }
  });

  it('should give every process starting at once the same secret', async () => {
    const dir = dataDir();
    const old = randomBytes(32);
    await pool.query('INSERT INTO public.privacy_secret (id, secret) VALUES (1, $1)', [old]);
    await Promise.all(Array.from({ length: 20 }, () => loadPrivacySecret(pool, { fromEnv: null, dataDir: dir })));
    expect(readFileSync(join(dir, PRIVACY_SECRET_FILE), 'utf8').trim()).toBe(old.toString('hex'));
    expect(await storedRows()).toEqual([]);
    // No draft files are left beside it.
    expect(readdirSync(dir)).toEqual([PRIVACY_SECRET_FILE]);
  });
});
