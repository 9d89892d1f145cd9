/** Browser journeys through the storefront, in Debian's Chromium, against a running shop (E2E_BASE_URL). */
module.exports = {
  displayName: 'storefront-e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.spec.ts'],
  testTimeout: 90_000,
  maxWorkers: 1,
  transform: {
    '^.+\\.ts$': ['@swc/jest', { swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
};
