/** Jest project for the storefront's unit and component tests (*.unit.spec.ts(x)). */
const path = require('node:path');

module.exports = {
  displayName: 'storefront',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest.environment.cjs',
  testMatch: ['<rootDir>/src/**/*.unit.spec.ts?(x)'],
  setupFiles: ['<rootDir>/jest.polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@facet/contracts$': path.join(__dirname, '../../libs/contracts/src/index.ts'),
    '\\.(css)$': 'identity-obj-proxy',
    '\\.(svg|png|jpe?g|webp|gif|woff2?)$': '<rootDir>/src/test/file-stub.cjs',
  },
};
