import { spawnSync } from 'child_process';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..', '..', '..');

export type LintMessage = { ruleId: string | null; severity: number; message: string };

/**
 * The repository's ESLint (its eslint.config.mjs, from the repository root) on each snippet as if it were the
 * file at its path, as the CLI's --stdin does (ESLint.lintText). One child process for all of them: the config
 * is an ES module, and the typed program of a project is built once, not once per snippet (about 10 s each on
 * the 2-core CI machine).
 */
export function lintSnippets(snippets: { code: string; filePath: string }[]): LintMessage[][] {
  const script = `
    const { ESLint } = require(require.resolve('eslint', { paths: [process.cwd()] }));
    let input = '';
    process.stdin.on('data', (d) => (input += d)).on('end', async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = [];
      for (const s of JSON.parse(input)) out.push((await eslint.lintText(s.code, { filePath: s.filePath }))[0].messages);
      process.stdout.write(JSON.stringify(out));
    });`;
  const run = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, input: JSON.stringify(snippets), encoding: 'utf8' });
  if (!run.stdout) throw new Error(`eslint printed nothing: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintMessage[][];
}
