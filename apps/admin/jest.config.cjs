/** Jest project for the staff console's unit tests (*.unit.spec.ts(x)). */
const path = require('node:path');

module.exports = {
  displayName: 'admin',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.unit.spec.ts?(x)'],
  // Component tests opt into jsdom (@jest-environment jsdom), which lacks what react-router needs at import.
  setupFiles: ['<rootDir>/../storefront/jest.polyfills.cjs'],
  // react-admin's buttons import react-hotkeys-hook, published as ES modules only: compiled like our sources.
  transformIgnorePatterns: ['/node_modules/(?!react-hotkeys-hook/)'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        swcrc: false,
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: { '^@facet/contracts$': path.join(__dirname, '../../libs/contracts/src') },
};
