// One jest run for the whole shop: the API, both front ends and the browser journeys.
const { existsSync } = require('fs');

const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
};

const contracts = { '^@facet/contracts$': '<rootDir>/../../libs/contracts/src' };

const api = {
  displayName: 'api',
  rootDir: 'apps/api',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.(unit|int).spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: contracts,
};

// The long fault-injection runs (kill -9, Redis and PostgreSQL stopped under load): `npm run test:chaos` only.
const chaos = {
  displayName: 'chaos',
  rootDir: 'apps/api',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.chaos.spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: contracts,
};

const contractsLib = {
  displayName: 'contracts',
  rootDir: 'libs/contracts',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.unit.spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
};

const e2e = {
  displayName: 'e2e',
  rootDir: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: { '^@facet/contracts$': '<rootDir>/../libs/contracts/src' },
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
};

const frontEnds = ['apps/storefront/jest.config.cjs', 'apps/admin/jest.config.cjs'].filter((f) => existsSync(f));

// Journeys that change the shared shop under every other journey (parked-events adds a CHECK constraint to a
// read model): scripts/test.sh runs the others two at a time, then these alone.
const aloneJourneys = ['/admin/parked-events\\.e2e\\.spec\\.ts$'];

// The fault-injection files that stop the shared PostgreSQL or Redis: nothing may run beside them. The other
// chaos files kill only processes they started themselves, so two of them run at once.
const outageFiles = ['/orders-and-mail-survive-a-redis-outage\\.chaos\\.spec\\.ts$', '/rides-out-a-postgres-restart\\.chaos\\.spec\\.ts$'];

// FACET_TEST_SCOPE=fast|e2e|e2e-alone|chaos|chaos-kill|chaos-outage narrows the run (scripts/test.sh uses the
// last two for chaos); default is everything but chaos.
const scope = process.env.FACET_TEST_SCOPE;
let projects = [contractsLib, api, ...frontEnds, e2e];
if (scope === 'fast') projects = [contractsLib, api, ...frontEnds];
if (scope === 'e2e') projects = [{ ...e2e, testPathIgnorePatterns: ['/node_modules/', ...aloneJourneys] }];
if (scope === 'e2e-alone') projects = [{ ...e2e, testMatch: undefined, testRegex: aloneJourneys }];
if (scope === 'chaos') projects = [chaos];
if (scope === 'chaos-kill') projects = [{ ...chaos, testPathIgnorePatterns: ['/node_modules/', ...outageFiles] }];
if (scope === 'chaos-outage') projects = [{ ...chaos, testMatch: undefined, testRegex: outageFiles }];

// `jest --selectProjects api apps/api/src/orders` reads the path as a project name (the option takes several
// values) and runs the whole project; treat such path-like values as path filters instead.
const at = process.argv.indexOf('--selectProjects');
const strayPaths = [];
for (let i = at + 1; at >= 0 && i < process.argv.length && !process.argv[i].startsWith('-'); i++) {
  if (/[/.]/.test(process.argv[i])) strayPaths.push(process.argv[i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
if (strayPaths.length) {
  const onlyThese = `^(?!.*(?:${strayPaths.join('|')}))`;
  projects = projects.map((p) =>
    typeof p === 'string' ? p : { ...p, testPathIgnorePatterns: [...(p.testPathIgnorePatterns ?? ['/node_modules/']), onlyThese] },
  );
}

// Hooks start whole shops (migrations, seeding): a loaded 2-core machine needs more than 30 s now and then.
module.exports = { projects, testTimeout: 60000, testSequencer: '<rootDir>/scripts/test-sequencer.cjs' };
