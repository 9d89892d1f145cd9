import { LintMessage as Message, lintSnippets as lint } from '../../testing/lint-snippets';

const UNAWAITED = {
  code: `export async function save(): Promise<void> {}\nexport function caller(): void {\n  save();\n}\n`,
  filePath: 'apps/api/src/platform/domain/errors.ts',
};
const HOOK_IN_A_BRANCH = {
  code: `import { useState } from 'react';\nexport function Pick({ on }: { on: boolean }) {\n  if (on) {\n    const [v] = useState(0);\n    return v;\n  }\n  return 0;\n}\n`,
  filePath: 'apps/storefront/src/lib/search.ts',
};
const ANY_IN_THE_SHOP = {
  code: `export function first(rows: any[]): string {\n  return rows[0].name;\n}\n`,
  filePath: 'apps/api/src/platform/domain/errors.ts',
};
// A spec's path the project knows (typed linting reads only files of a tsconfig); its text is the snippet's.
const ANY_IN_A_SPEC = { ...ANY_IN_THE_SHOP, filePath: 'apps/api/src/platform/code-style/lint.int.spec.ts' };
const FOLLOWS_THE_RULES = {
  code: `export async function save(): Promise<void> {}\nexport async function caller(): Promise<void> {\n  await save();\n}\n`,
  filePath: 'apps/api/src/platform/domain/errors.ts',
};

describe('The lint that npm test runs', () => {
  let unawaited: Message[];
  let hookInABranch: Message[];
  let anyInTheShop: Message[];
  let anyInASpec: Message[];
  let followsTheRules: Message[];

  beforeAll(() => {
    [unawaited, hookInABranch, anyInTheShop, anyInASpec, followsTheRules] = lint([
      UNAWAITED,
      HOOK_IN_A_BRANCH,
      ANY_IN_THE_SHOP,
      ANY_IN_A_SPEC,
      FOLLOWS_THE_RULES,
    ]);
  }, 120_000);

  it('should check API code with type information: an unawaited promise is an error', () => {
    expect(unawaited).toContainEqual(expect.objectContaining({ ruleId: '@typescript-eslint/no-floating-promises', severity: 2 }));
  });

  it('should apply the rules of hooks in the storefront', () => {
    expect(hookInABranch).toContainEqual(expect.objectContaining({ ruleId: 'react-hooks/rules-of-hooks', severity: 2 }));
  });

  it("should refuse any in the shop's code (issue 42): the explicit any and each unsafe use of it are errors", () => {
    expect(anyInTheShop).toContainEqual(expect.objectContaining({ ruleId: '@typescript-eslint/no-explicit-any', severity: 2 }));
    expect(anyInTheShop).toContainEqual(expect.objectContaining({ ruleId: '@typescript-eslint/no-unsafe-return', severity: 2 }));
    expect(anyInTheShop).toContainEqual(expect.objectContaining({ ruleId: '@typescript-eslint/no-unsafe-member-access', severity: 2 }));
  });

  it('should let a spec use any (JSON answers are any by nature)', () => {
    expect(anyInASpec).toEqual([]);
  });

  it('should pass code that follows the rules', () => {
    expect(followsTheRules.filter((m) => m.severity === 2)).toEqual([]);
  });
});
