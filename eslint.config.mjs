// ESLint for the whole repository: typescript-eslint's type-checked recommendations everywhere TypeScript
// runs, the rules of hooks in both front ends. `npm run lint` runs it with Prettier's check; `npm test` runs
// that first.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '**/coverage/**', 'apps/storefront/public/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // An argument or destructured field named _x is deliberately unused (interface shapes, omitting a key).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // NestJS implements interfaces whose methods are async by contract (handlers, hooks) without awaiting.
      '@typescript-eslint/require-await': 'off',
      // Fastify hooks and React handlers take async functions where a void return is declared; a rejected
      // promise there is handled by the framework (Fastify) or by the handler's own catch.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // The shop matches NUL and other control characters on purpose: refusing them is its input hygiene.
      'no-control-regex': 'off',
      // No any outside the tests (issue 42). These were warnings while pg typed every row as any and react-admin
      // every record (1,286 of them); the queries, events and records carry their types now, so they are errors.
      // Where a library really hands out any, narrow it at once (a row type, `as` a named shape, unknown) or
      // disable the line with a comment saying why. `npm run lint` also fails on any warning (--max-warnings=0).
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
    },
  },
  {
    files: ['apps/storefront/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One face per part (issue 42): code of the API imports another part only through its index.ts (its face:
    // its module, the commands and queries others use, its event types and ports), never a file inside it;
    // nothing imports the CLI's or the tests' code. platform/ is the ground floor: any part may import it deeply.
    // Specs are exempt: they reach internals on purpose (read models, projections, handlers under test); the
    // test support in testing/ goes through the faces. platform/code-style/part-boundaries.int.spec.ts proves it.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.spec.ts', 'apps/api/src/**/*.contract.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(\\./|(\\.\\./)+)(audit|catalog|contact|custom-designs|customers|health|inventory|mail|orders|payments|returns|reviews|staff|storefront)/(?!index$).+',
              message:
                "Import another part through its face (its index.ts: '../<part>'), not a file inside it (docs/architecture.md, Parts and faces).",
            },
            {
              regex: '^(\\./|(\\.\\./)+)(cli|testing|reliability)(/|$)',
              message: 'Code of the shop does not import the command-line tasks or the tests (docs/architecture.md, Parts and faces).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers (supertest's body, fetch().json()) that are any by nature, and hand jest
    // unbound methods to spy on.
    files: [
      '**/*.spec.ts',
      '**/*.spec.tsx',
      '**/*.contract.ts',
      'e2e/**/*.ts',
      '**/testing/**/*.ts',
      '**/test/**/*.{ts,tsx}',
      'apps/api/src/reliability/support/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // Tests load a module afresh with require() inside jest.isolateModules, print whatever they measured,
      // compare raw status numbers with enums, and build hostile values on purpose.
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    // Plain JavaScript (bench, scripts, jest configs): no type information to check against.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
);
