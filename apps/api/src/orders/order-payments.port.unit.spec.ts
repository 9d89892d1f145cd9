import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..');

/** Every TypeScript file of a part (tests included: they must not lean on the other part's insides either). */
function filesOf(part: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.ts') ? [path] : [];
    });
  return walk(join(SRC, part));
}

/** The other part's files a file imports, as paths under src/. */
function importsInto(file: string, part: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/from\s+'(\.[^']+)'/g)]
    .map((m) => relative(SRC, join(file, '..', m[1])))
    .filter((target) => target.startsWith(`${part}/`));
}

/** Orders and payments depend on each other only through events and the one port orders publishes. */
describe('the orders/payments boundary', () => {
  it('should keep orders free of any import from payments', () => {
    const found = filesOf('orders').flatMap((f) => importsInto(f, 'payments').map((t) => `${relative(SRC, f)} -> ${t}`));
    expect(found).toEqual([]);
  });

  it('should let payments import nothing from orders but the published port', () => {
    const found = filesOf('payments').flatMap((f) => importsInto(f, 'orders').map((t) => `${relative(SRC, f)} -> ${t}`));
    expect(found.filter((line) => !line.endsWith('-> orders/order-payments.port'))).toEqual([]);
    expect(found.length).toBeGreaterThan(0); // the scan really reads the imports (a broken regex would pass vacuously)
  });
});
