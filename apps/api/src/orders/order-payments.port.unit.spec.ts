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
    .filter((target) => target === part || target.startsWith(`${part}/`));
}

/** Orders and payments depend on each other only through events and the one port orders publishes. */
describe('the orders/payments boundary', () => {
  it('should keep orders free of any import from payments', () => {
    const found = filesOf('orders').flatMap((f) => importsInto(f, 'payments').map((t) => `${relative(SRC, f)} -> ${t}`));
    expect(found).toEqual([]);
  });

  // Since issue 42 the port is published through orders' face (orders/index.ts), which payments imports.
  it('should let payments import nothing from orders but its face', () => {
    const found = filesOf('payments').flatMap((f) => importsInto(f, 'orders').map((t) => `${relative(SRC, f)} -> ${t}`));
    expect(found.filter((line) => !line.endsWith('-> orders'))).toEqual([]);
    expect(found.length).toBeGreaterThan(0); // the scan really reads the imports (a broken regex would pass vacuously)
  });

  it("should take from orders' face only what the payments port publishes (not its events, decider or tables)", () => {
    const port = readFileSync(join(SRC, 'orders', 'order-payments.port.ts'), 'utf8');
    const published = new Set([...port.matchAll(/^export (?:interface|class|type|const|function) (\w+)/gm)].map((m) => m[1]));
    const taken = filesOf('payments')
      .filter((f) => !f.endsWith('.spec.ts'))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'(\.[^']+)'/g)]
          .filter((m) => relative(SRC, join(f, '..', m[2])) === 'orders')
          .flatMap((m) =>
            m[1]
              .split(',')
              .map((name) => name.replace(/^\s*type\s+/, '').trim())
              .filter(Boolean),
          ),
      );
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.filter((name) => !published.has(name))).toEqual([]);
  });
});
