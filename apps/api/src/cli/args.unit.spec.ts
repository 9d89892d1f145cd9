import { CliArgumentError, parseArgs } from './args';

const SPEC = { '--file': { value: true }, '--anchors': { value: true, repeat: true }, '--force': { conflicts: ['--file'] } };

/** The one line a bad argument gets, or null when the arguments are taken. */
function refusal(argv: string[], spec: Parameters<typeof parseArgs>[1] = SPEC): string | null {
  try {
    parseArgs(argv, spec);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(CliArgumentError);
    return (err as Error).message;
  }
}

describe('Arguments of the command-line scripts', () => {
  it('should take the options a script names: values, repeated values, switches, --name=value', () => {
    const args = parseArgs(['--file', 'a.jsonl', '--anchors=one', '--anchors', 'two'], SPEC);
    expect(Object.fromEntries(args)).toEqual({ '--file': ['a.jsonl'], '--anchors': ['one', 'two'] });
    expect(Object.fromEntries(parseArgs(['--force'], SPEC))).toEqual({ '--force': [''] });
    expect(parseArgs([], SPEC).size).toBe(0);
  });

  it.each([
    [['--bogus'], /^unknown option "--bogus" \(options: --file, --anchors, --force\)$/],
    [['--Force'], /^unknown option "--Force"/],
    [['-f'], /^unknown option "-f"/],
    [['stray'], /^unexpected argument "stray"/],
    [['--file'], /^--file needs a value/],
    [['--file', ''], /^--file needs a value/],
    [['--file='], /^--file needs a value/],
    [['--file', '--force'], /^--file needs a value/],
    [['--force=yes'], /^--force takes no value/],
    [['--file', 'a', '--file', 'b'], /^--file is given more than once/],
    [['--force', '--force'], /^--force is given more than once/],
    [['--file', 'a', '--force'], /^--force and --file cannot both be given/],
    [['--constructor'], /^unknown option "--constructor"/],
    [['--__proto__'], /^unknown option "--__proto__"/],
  ])('should refuse %j with one line naming it', (argv, message) => {
    const line = refusal(argv);
    expect(line).toMatch(message);
    expect(line).not.toContain('\n');
  });

  it('should refuse any argument to a script that takes none, and show a hostile one escaped on its one line', () => {
    expect(refusal(['--force'], {})).toBe('unknown option "--force" (this command takes no arguments)');
    const line = refusal(['x\ny\u202e' + 'z'.repeat(500)])!;
    expect(line).toMatch(/^unexpected argument "x\\ny\\u202ez+…"/);
    expect(line).not.toMatch(/[\n\u202e]/);
    expect(line.length).toBeLessThan(160);
  });
});
