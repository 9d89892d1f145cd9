import { LintMessage as Message, lintSnippets as lint } from '../../testing/lint-snippets';

const boundaryErrors = (messages: Message[]) => messages.filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2);

// Each snippet is linted as if it were an existing file of the part named (its text is replaced, not saved).
const IN_CUSTOMERS = 'apps/api/src/customers/commands/delete-customer.command.ts';
const DEEP_IMPORT = {
  code: `import { orderStream } from '../../orders/domain/order';\n\nexport const stream = orderStream('o-1');\n`,
  filePath: IN_CUSTOMERS,
};
const THROUGH_THE_FACE = {
  code: `import { orderStream } from '../../orders';\n\nexport const stream = orderStream('o-1');\n`,
  filePath: IN_CUSTOMERS,
};
const OWN_PART_AND_PLATFORM = {
  code: `import { customerStream } from '../domain/customer';\nimport { NotFoundError } from '../../platform/domain/errors';\n\nexport const stream = customerStream('c-1');\nexport const notFound = new NotFoundError();\n`,
  filePath: IN_CUSTOMERS,
};
const FROM_THE_ROOT = { code: `export { OrdersModule } from './orders/orders.module';\n`, filePath: 'apps/api/src/app.module.ts' };
const INTO_THE_CLI = {
  code: `import { cliContext } from '../../cli/context';\n\nexport const boot = cliContext;\n`,
  filePath: 'apps/api/src/platform/projections/projector-thread.worker.ts',
};
const TEST_SUPPORT_REACHING_IN = {
  code: `export { StaffDirectory } from '../staff/queries/staff-directory';\n`,
  filePath: 'apps/api/src/testing/card-orders.ts',
};
const SPEC_REACHING_IN = {
  code: `import { orderStream } from '../../orders/domain/order';\n\nit('names the stream', () => expect(orderStream('o-1')).toBeTruthy());\n`,
  filePath: 'apps/api/src/customers/http/customer-erasure.int.spec.ts',
};

describe('One face per part (the lint rule of issue 42)', () => {
  let results: Message[][];

  beforeAll(() => {
    results = lint([
      DEEP_IMPORT,
      THROUGH_THE_FACE,
      OWN_PART_AND_PLATFORM,
      FROM_THE_ROOT,
      INTO_THE_CLI,
      SPEC_REACHING_IN,
      TEST_SUPPORT_REACHING_IN,
    ]);
  }, 120_000);

  it('should refuse a deep import into another part, naming the face to use', () => {
    expect(boundaryErrors(results[0])).toEqual([expect.objectContaining({ message: expect.stringContaining('through its face') })]);
  });

  it('should pass an import of the other part through its index', () => {
    expect(boundaryErrors(results[1])).toEqual([]);
  });

  it("should pass a part's imports of its own files and of the platform (the ground floor)", () => {
    expect(boundaryErrors(results[2])).toEqual([]);
  });

  it('should hold the composition root (app.module.ts) to the faces too', () => {
    expect(boundaryErrors(results[3])).toHaveLength(1);
  });

  it("should refuse the shop's code an import of the command-line tasks", () => {
    expect(boundaryErrors(results[4])).toEqual([expect.objectContaining({ message: expect.stringContaining('command-line tasks') })]);
  });

  it('should leave specs free to reach the internals they test', () => {
    expect(boundaryErrors(results[5])).toEqual([]);
  });

  it('should hold the test support in testing/ to the faces (only specs are exempt)', () => {
    expect(boundaryErrors(results[6])).toHaveLength(1);
  });
});
