/** Jest project for the staff console's unit tests (*.unit.spec.ts(x)). */
const path = require('node:path');

module.exports = {
  displayName: 'admin',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.unit.spec.ts?(x)'],
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
