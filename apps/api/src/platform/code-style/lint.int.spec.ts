import { spawnSync } from 'child_process';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');

/** Runs the repository's ESLint on `code` as if it were the file at `filePath` (from the repository root). */
function lint(code: string, filePath: string): { ruleId: string | null; severity: number }[] {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', filePath, '-f', 'json'],
    {
      cwd: ROOT,
      input: code,
      encoding: 'utf8',
    },
  );
  if (!run.stdout) throw new Error(`eslint printed nothing: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { messages: { ruleId: string | null; severity: number }[] }[])[0].messages;
}

describe('The lint that npm test runs', () => {
  it('should check API code with type information: an unawaited promise is an error', () => {
    const messages = lint(
      `export async function save(): Promise<void> {}\nexport function caller(): void {\n  save();\n}\n`,
      'apps/api/src/platform/domain/errors.ts',
    );
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: '@typescript-eslint/no-floating-promises', severity: 2 }));
  }, 120_000);

  it('should apply the rules of hooks in the storefront', () => {
    const messages = lint(
      `import { useState } from 'react';\nexport function Pick({ on }: { on: boolean }) {\n  if (on) {\n    const [v] = useState(0);\n    return v;\n  }\n  return 0;\n}\n`,
      'apps/storefront/src/lib/search.ts',
    );
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: 'react-hooks/rules-of-hooks', severity: 2 }));
  }, 120_000);

  it('should pass code that follows the rules', () => {
    const messages = lint(
      `export async function save(): Promise<void> {}\nexport async function caller(): Promise<void> {\n  await save();\n}\n`,
      'apps/api/src/platform/domain/errors.ts',
    );
    expect(messages.filter((m) => m.severity === 2)).toEqual([]);
  }, 120_000);
});
