import { resolve } from 'path';
import { ConfigError, loadConfig } from './config';

const SECRET = 'a production privacy secret of 32+ characters';

/** The message loadConfig refuses an environment with, or null when it accepts it. */
function refusal(env: Record<string, string>): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

describe('loadConfig (zod schema)', () => {
  it('should accept an empty environment with the one-machine defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      healthPort: null,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/facet',
      roles: ['api', 'projector', 'worker'],
      logLevel: 'log',
      parkAfterAttempts: 4,
      seedDemoCatalogue: true,
      publicOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      database: { statementTimeoutMs: 10_000, lockTimeoutMs: 5_000, idleInTransactionTimeoutMs: 30_000, connectionTimeoutMs: 5_000 },
      mailRecipientCap: { perRecipient: 5, windowSeconds: 3_600 },
    });
  });

  it('should read good values', () => {
    const config = loadConfig({
      PORT: '8080',
      HEALTH_PORT: '9000',
      DATABASE_URL: 'postgresql://u:p@db:5432/shop_1',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      FACET_ROLES: ' projector , worker ',
      FACET_SEED: 'false',
      PUBLIC_ORIGINS: 'https://shop.example/, http://127.0.0.1:8080',
      DB_LOCK_TIMEOUT_MS: '0',
      TRUST_PROXY: '2',
      MAIL_RECIPIENT_CAP: '3',
      MAIL_RECIPIENT_WINDOW_SECONDS: '86400',
    });
    expect(config).toMatchObject({
      port: 8080,
      healthPort: 9000,
      databaseUrl: 'postgresql://u:p@db:5432/shop_1',
      logLevel: 'debug',
      logFormat: 'json',
      roles: ['projector', 'worker'],
      seedDemoCatalogue: false,
      publicOrigins: ['https://shop.example', 'http://127.0.0.1:8080'],
      trustProxy: 2,
      mailRecipientCap: { perRecipient: 3, windowSeconds: 86_400 },
    });
    expect(config.database.lockTimeoutMs).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres:///facet?host=/var/run/postgresql' }).databaseUrl).toBe(
      'postgres:///facet?host=/var/run/postgresql',
    );
  });

  it("should give canonical links and the sitemap the shop's public origin, never this machine's own name when another is configured", () => {
    // Behind a proxy the list leads with the local address; shoppers and search engines know the shop by the other.
    expect(loadConfig({ PUBLIC_ORIGINS: 'http://localhost:3000,https://shop.example' }).publicOrigin).toBe('https://shop.example');
    expect(loadConfig({ PUBLIC_ORIGINS: 'http://127.0.0.1:3000, http://app.localhost:3000, https://www.facet.example' }).publicOrigin).toBe(
      'https://www.facet.example',
    );
    expect(loadConfig({ PUBLIC_ORIGINS: 'http://[::1]:3000,https://a.example,https://b.example' }).publicOrigin).toBe('https://a.example');
    // PUBLIC_ORIGIN names it outright, and is one of the shop's own origins (payment returns) too.
    const named = loadConfig({ PUBLIC_ORIGIN: 'https://facet.example/', PUBLIC_ORIGINS: 'https://shop.example,http://localhost:3000' });
    expect(named.publicOrigin).toBe('https://facet.example');
    expect(named.publicOrigins).toEqual(['https://facet.example', 'https://shop.example', 'http://localhost:3000']);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://facet.example' }).publicOrigins).toEqual([
      'https://facet.example',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
    // Only local addresses: the first, as before.
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:3000');
    expect(refusal({ PUBLIC_ORIGIN: 'https://facet.example/shop' })).toMatch(
      /PUBLIC_ORIGIN: "https:\/\/facet.example\/shop" is not an origin/,
    );
    expect(refusal({ PUBLIC_ORIGIN: 'ftp://facet.example' })).toMatch(/PUBLIC_ORIGIN/);
  });

  it('should take DATABASE_DIRECT_URL as the server behind a pooler, and default it to DATABASE_URL', () => {
    const direct = loadConfig({ DATABASE_URL: 'postgres://u@pgbouncer:6432/shop', DATABASE_DIRECT_URL: 'postgres://u@db:5432/shop' });
    expect(direct).toMatchObject({
      databaseUrl: 'postgres://u@pgbouncer:6432/shop',
      databaseDirectUrl: 'postgres://u@db:5432/shop',
      databasePooled: true,
    });
    // Unset, empty (as test apps set it) or the same URL: no pooler, named statements and start-up settings as ever.
    for (const env of [{}, { DATABASE_DIRECT_URL: '' }, { DATABASE_DIRECT_URL: 'postgres://u@db:5432/shop' }]) {
      expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shop', ...env })).toMatchObject({
        databaseDirectUrl: 'postgres://u@db:5432/shop',
        databasePooled: false,
      });
    }
  });

  it.each([
    ['PORT', '70000', /PORT: "70000" is not a port \(a whole number from 1 to 65535\)/],
    ['PORT', '0', /PORT: "0" is not a port/],
    ['PORT', '80.5', /PORT: "80.5" is not a port/],
    ['PORT', '1e3', /PORT: "1e3" is not a port/],
    ['PORT', '-1', /PORT: "-1" is not a port/],
    ['PORT', 'http', /PORT: "http" is not a port/],
    ['PORT', '99999999999999999999999', /PORT: "99999999999999999999999" is not a port/],
    ['HEALTH_PORT', '70000', /HEALTH_PORT: "70000" is not a port/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: "loud" is not one of error, warn, log, debug/],
    ['LOG_LEVEL', 'INFO', /LOG_LEVEL: "INFO" is not one of error, warn, log, debug/],
    ['LOG_FORMAT', 'xml', /LOG_FORMAT: "xml" is not one of json, pretty/],
    ['NODE_ENV', 'staging', /NODE_ENV: "staging" is not one of development, test, production/],
    ['DATABASE_URL', 'mysql://db/facet', /DATABASE_URL: "mysql:\/\/db\/facet" is not a postgres: or postgresql:\/\/ URL/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL: "not a url" is not a postgres/],
    ['DATABASE_URL', 'postgres://db/fa;cet', /DATABASE_URL: the database name "fa;cet" must be letters, digits and _ only/],
    ['DATABASE_URL', 'postgres://db/', /DATABASE_URL: the database name "" must be/],
    ['DATABASE_DIRECT_URL', 'mysql://db/facet', /DATABASE_DIRECT_URL: "mysql:\/\/db\/facet" is not a postgres: or postgresql:\/\/ URL/],
    ['DATABASE_DIRECT_URL', 'postgres://db/fa%00cet', /DATABASE_DIRECT_URL: the database name "fa\\u0000cet" must be letters/],
    ['REDIS_URL', 'http://127.0.0.1:6379', /REDIS_URL: .* is not a redis: or rediss:\/\/ URL/],
    ['FACET_SEED', 'yes', /FACET_SEED: "yes" is not one of true, false/],
    ['FACET_SEED', 'TRUE', /FACET_SEED: "TRUE" is not one of true, false/],
    ['FACET_ROLES', 'api,admin', /FACET_ROLES: "api,admin" must be a comma-separated list of api, projector, worker/],
    ['FACET_ROLES', ',', /FACET_ROLES: "," must be a comma-separated list/],
    ['PARK_AFTER_ATTEMPTS', '0', /PARK_AFTER_ATTEMPTS: "0" is not a count \(a whole number from 1 to 1000000\)/],
    ['DB_STATEMENT_TIMEOUT_MS', '-5', /DB_STATEMENT_TIMEOUT_MS: "-5" is not a time in milliseconds/],
    ['SESSION_TTL_HOURS', 'week', /SESSION_TTL_HOURS: "week" is not a number of hours/],
    ['PUBLIC_ORIGINS', 'https://shop.example/path', /PUBLIC_ORIGINS: "https:\/\/shop.example\/path" is not an origin/],
    ['QUEUE_PREFIX', 'a b', /QUEUE_PREFIX: "a b" must be 1-64 letters/],
    ['MAIL_RECIPIENT_CAP', '0', /MAIL_RECIPIENT_CAP: "0" is not a count \(a whole number from 1 to 1000000\)/],
    ['MAIL_RECIPIENT_WINDOW_SECONDS', '1h', /MAIL_RECIPIENT_WINDOW_SECONDS: "1h" is not a number of seconds/],
  ])('should refuse %s=%s naming the variable and what is allowed', (name, value, message) => {
    const text = refusal({ [name]: value });
    expect(text).toMatch(/^Facet will not start/);
    expect(text).toMatch(message);
  });

  it('should name every bad variable at once', () => {
    const text = refusal({ PORT: 'x', LOG_LEVEL: 'loud', FACET_SEED: '1' })!;
    expect(text).toContain('PORT:');
    expect(text).toContain('LOG_LEVEL:');
    expect(text).toContain('FACET_SEED:');
  });

  it('should keep a hostile value on one quoted, escaped, shortened line', () => {
    const text = refusal({ LOG_LEVEL: 'a\nFACET_SEED: fine\u0000' + 'x'.repeat(500) })!;
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain('\\n');
    expect(text).toContain('\\u0000');
    expect(text.length).toBeLessThan(300);
  });

  it('should refuse production without administrator credentials', () => {
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD must be set in production/);
    const production = { NODE_ENV: 'production', PRIVACY_SECRET: SECRET };
    expect(loadConfig({ ...production, ADMIN_EMAIL: 'A@B.C', ADMIN_PASSWORD: 'x' }).seedDemoCatalogue).toBe(false);
    expect(loadConfig({ ...production, ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'x', FACET_SEED: 'true' }).seedDemoCatalogue).toBe(true);
  });

  it('should refuse production without PRIVACY_SECRET, naming it, and keep development secrets under the data directory', () => {
    const admin = { ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'x' };
    for (const unset of [{}, { PRIVACY_SECRET: '' }] as Record<string, string>[]) {
      expect(refusal({ NODE_ENV: 'production', ...admin, ...unset })).toMatch(/PRIVACY_SECRET must be set in production/);
    }
    expect(loadConfig({ NODE_ENV: 'production', ...admin, PRIVACY_SECRET: SECRET }).privacySecret).toBe(SECRET);
    // Development and tests run without it: the secret is generated into a file under FACET_DATA_DIR.
    expect(loadConfig({}).privacySecret).toBeNull();
    expect(loadConfig({}).dataDir).toBe(resolve('.data'));
    expect(loadConfig({ FACET_DATA_DIR: '/var/lib/facet' }).dataDir).toBe('/var/lib/facet');
  });

  it('should take the sandbox by default and refuse Stripe without its keys, naming each one missing', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', stripe: null });
    expect(refusal({ PAYMENT_PROVIDER: 'paypal' })).toMatch(/PAYMENT_PROVIDER: "paypal" is not one of sandbox, stripe/);
    expect(refusal({ PAYMENT_PROVIDER: 'stripe' })).toMatch(/needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(refusal({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' })).toMatch(/needs STRIPE_WEBHOOK_SECRET;/);
    expect(refusal({ PAYMENT_PROVIDER: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toMatch(/needs STRIPE_SECRET_KEY;/);
    expect(refusal({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toMatch(
      /STRIPE_SECRET_KEY: is not a Stripe secret/,
    );
    expect(
      refusal({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_a',
        STRIPE_API_URL: 'ftp://x',
      }),
    ).toMatch(/STRIPE_API_URL/);
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_a',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).payments,
    ).toEqual({ provider: 'stripe', stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_a', apiUrl: 'http://127.0.0.1:12111' } });
  });

  it('should refuse a Stripe test key in production unless STRIPE_ALLOW_TEST_KEYS says so', () => {
    const production = {
      NODE_ENV: 'production',
      PRIVACY_SECRET: SECRET,
      ADMIN_EMAIL: 'a@b.c',
      ADMIN_PASSWORD: 'x',
      PAYMENT_PROVIDER: 'stripe',
    };
    const test = { ...production, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_a' };
    expect(refusal(test)).toMatch(/STRIPE_SECRET_KEY is a test key .*STRIPE_ALLOW_TEST_KEYS=1/);
    expect(refusal({ ...test, STRIPE_ALLOW_TEST_KEYS: '0' })).toMatch(/test key/);
    expect(loadConfig({ ...test, STRIPE_ALLOW_TEST_KEYS: '1' }).payments.provider).toBe('stripe');
    expect(
      loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_a' }).payments.stripe?.secretKey,
    ).toBe('sk_live_abc');
  });
});
