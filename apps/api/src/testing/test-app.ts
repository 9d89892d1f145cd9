import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { OpenApiConformance, openApiStrict } from './openapi-conformance';
import { createTestDatabase, TestDatabase } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  db: TestDatabase;
  /** How long each step of the start took, in ms (database, require, createApp, firstAdministrator, listen): where a start goes. */
  startup: Record<string, number>;
  /** http://127.0.0.1:<port> */
  url: string;
  queuePrefix: string;
  /** fetch against the app; JSON bodies are encoded, the X-Requested-With header is set. */
  request(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  /** Signs in the development administrator and returns a bearer token. */
  staffToken(): Promise<string>;
  /** Every response request() received, checked against the app's own OpenAPI document (/api/docs-json). */
  conformance(): Promise<OpenApiConformance>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  body: any;
  headers: Headers;
}

/** The pooler's URL (postgres://user@host:port) with this database's name. */
function pooledUrl(pooler: string, database: string): string {
  const url = new URL(pooler);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Resolves once `holds()` does, asking again each time the named projection commits here or elsewhere (and
 * at least every second, should a notice be missed); gives up quietly after `timeoutMs`, as the old loop did.
 */
async function whenTrue(app: NestFastifyApplication, projection: string, holds: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const { PROJECTION_STATUS } =
    require('../platform/event-store/event-sourcing.service') as typeof import('../platform/event-store/event-sourcing.service');
  const status = app.get<import('../platform/projections/projection-status').ProjectionStatus>(PROJECTION_STATUS);
  const deadline = Date.now() + timeoutMs;
  let moved = false;
  let wake: () => void = () => undefined;
  const stop = status.onAdvanced(projection, () => {
    moved = true;
    wake();
  });
  try {
    for (;;) {
      moved = false;
      if ((await holds()) || Date.now() >= deadline) return;
      // It committed while holds() read: read again at once.
      if (moved) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(1_000, deadline - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    stop();
  }
}

export const TEST_ADMIN = { email: 'admin@facet.test', password: 'Test-Admin-1985!' };

/**
 * The whole shop on a random port, on its own fresh database and its own BullMQ prefix, with every role
 * (API, projections, workers) in one process, the way `npm start` runs it. Extra env applies for its life.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const startup: Record<string, number> = {};
  let phaseStart = Date.now();
  const phase = (name: string) => {
    startup[name] = Date.now() - phaseStart;
    phaseStart = Date.now();
  };
  // createApp below migrates it (nothing to apply on a copy of the template): no second pass here.
  const db = await createTestDatabase('facet_test', { migrate: false });
  phase('database');
  const queuePrefix = `facet-test-${randomBytes(4).toString('hex')}`;
  // The log's anchors and their signing key: this app's own, removed at close.
  const anchorDir = mkdtempSync(join(tmpdir(), 'facet-test-anchors-'));
  const vars: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    // Empty: no pooler, whatever the shell says.
    DATABASE_DIRECT_URL: '',
    // Through a transaction pooler when a suite started one (pgbouncer.int.spec.ts): the pooler's address with
    // this app's database, and the server itself for sessions and migrations.
    // Its few server connections queue the transactions of every pool (a replay's among them): on a loaded host
    // a pool's waiter outlived the 5 s connect bound behind them, which measures the host, not the shop.
    ...(process.env.FACET_TEST_POOLER_URL
      ? {
          DATABASE_URL: pooledUrl(process.env.FACET_TEST_POOLER_URL, db.name),
          DATABASE_DIRECT_URL: db.url,
          DB_CONNECTION_TIMEOUT_MS: '30000',
        }
      : {}),
    QUEUE_PREFIX: queuePrefix,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'error',
    // A loaded CI machine can leave projections seconds behind; tests that assert 201 (read your writes)
    // wait up to 15 s rather than get the honest 202. Tests of the 202 path set their own.
    READ_YOUR_WRITES_TIMEOUT_MS: '15000',
    // Projections in this thread, where tests can reach them (startProjection); the thread has its own test.
    FACET_PROJECTOR_THREAD: 'false',
    LOG_ANCHOR_DIR: anchorDir,
    // One client places every order of a test run (and the bench's load): the order throttle and the stock-hold
    // cap per client would refuse them, so they are lifted here; the throttle spec runs with the defaults.
    ORDER_THROTTLE_PER_CLIENT: '1000000',
    ORDER_THROTTLE_PER_SHOPPER: '1000000',
    STOCK_HOLD_CAP_PER_CLIENT: '1000000',
    ...env,
  };
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  // Loaded late so the module graph reads this test's environment.
  const { createApp } = require('../bootstrap');
  phase('require');
  const app: NestFastifyApplication = await createApp();
  phase('createApp');
  // As main.ts does at a server's start; then wait until the console can sign the administrator in.
  if ((process.env.FACET_ROLES ?? 'api').includes('api')) {
    const { CommandBus } = require('@nestjs/cqrs') as typeof import('@nestjs/cqrs');
    const { CreateFirstAdministratorCommand, StaffDirectory } = require('../staff') as typeof import('../staff');
    await app.get(CommandBus).execute(new CreateFirstAdministratorCommand());
    const staff = app.get(StaffDirectory);
    if (process.env.ADMIN_EMAIL === TEST_ADMIN.email) {
      await whenTrue(app, 'staff_members', async () => (await staff.byEmail(TEST_ADMIN.email)) !== null, 15_000);
    }
  }
  phase('firstAdministrator');
  await app.listen({ port: 0, host: '127.0.0.1' });
  phase('listen');
  const address = app.getHttpServer().address() as import('net').AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;
  let token: string | null = null;
  let conformance: Promise<OpenApiConformance> | null = null;
  const loadConformance = () =>
    (conformance ??= fetch(url + '/api/docs-json').then(async (res) => new OpenApiConformance((await res.json()) as Record<string, any>)));

  const request: TestApp['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { 'x-requested-with': 'facet', ...(options.headers ?? {}) };
    if (options.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(url + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    // The document is the contract: a response it does not describe fails the test (OPENAPI_STRICT=0 only records it).
    const checker = await loadConformance();
    const problem = checker.check(method, path, res.status, res.headers.get('content-type'), body);
    // For the coverage figure: which documented route and status this response was checked against.
    const route = checker.find(method, path);
    if (process.env.OPENAPI_CHECKED_FILE && route)
      appendFileSync(process.env.OPENAPI_CHECKED_FILE, `${method.toUpperCase()} ${route.template} ${res.status}\n`);
    if (problem && process.env.OPENAPI_VIOLATIONS_FILE) appendFileSync(process.env.OPENAPI_VIOLATIONS_FILE, problem + '\n');
    if (problem && openApiStrict()) throw new Error(`OpenAPI mismatch: ${problem}`);
    return { status: res.status, body, headers: res.headers };
  };

  return {
    app,
    db,
    startup,
    url,
    queuePrefix,
    request,
    async staffToken() {
      if (token) return token;
      const res = await request('POST', '/api/staff/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
      if (res.status !== 200) throw new Error(`staff login failed: ${res.status} ${JSON.stringify(res.body)}`);
      token = res.body.token as string;
      return token;
    },
    conformance: loadConformance,
    async close() {
      // Bounded: once in CI a suite's close waited past its 60 s hook on a connection that never went idle.
      // A response whose body a test never read keeps its connection busy, and Fastify's close waits for it:
      // after 2 s every connection is cut, so close always reaches the stores and their timers.
      const server = app.getHttpServer();
      const cut = setTimeout(() => server.closeAllConnections(), 2_000);
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<void>(
        (resolve) =>
          (timer = setTimeout(() => {
            console.warn('test app close took over 20 s; going on');
            resolve();
          }, 20_000)),
      );
      await Promise.race([app.close(), slow]);
      clearTimeout(timer);
      clearTimeout(cut);
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await db.drop();
      rmSync(anchorDir, { recursive: true, force: true });
    },
  };
}
