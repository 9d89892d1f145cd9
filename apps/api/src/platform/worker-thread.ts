import { join } from 'path';
import { Worker } from 'worker_threads';

/**
 * Starts a worker thread on a module of this app. The built app runs its .js; the tests run the TypeScript
 * sources, which the worker compiles on load with swc and the build's own options (.swcrc), as jest does.
 */
export function startWorker(file: string, workerData: unknown): Worker {
  // The environment as this module sees it: under jest that is the test file's own copy, which the
  // thread would otherwise not get (it would read the process's and reach the development database).
  const env = { ...process.env };
  if (file.endsWith('.js')) return new Worker(file, { workerData, env });
  const swcrc = join(__dirname, '..', '..', '..', '..', '.swcrc');
  const bootstrap = `
    const { readFileSync } = require('fs');
    const swc = require(${JSON.stringify(require.resolve('@swc/core'))});
    const { sourceMaps, ...options } = JSON.parse(readFileSync(${JSON.stringify(swcrc)}, 'utf8'));
    require.extensions['.ts'] = (module, filename) =>
      module._compile(swc.transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
    require(${JSON.stringify(file)});`;
  return new Worker(bootstrap, { eval: true, workerData, env });
}
