/**
 * The command-line arguments of the shop's scripts (migrate, seed, replay, verify-log). Each script names
 * the options it takes; anything else (an unknown option, a value left out or empty, a switch given a value,
 * a word that is no option, an option repeated that is not repeatable, two that exclude each other) is refused with one line naming it,
 * and the script exits 2 before it touches anything.
 */
export interface OptionSpec {
  /** Takes a value (`--file x.jsonl` or `--file=x.jsonl`); otherwise a switch. */
  value?: boolean;
  /** May be given more than once (values only). */
  repeat?: boolean;
  /** Options it cannot be given with. */
  conflicts?: string[];
}

export type ParsedArgs = Map<string, string[]>;

export class CliArgumentError extends Error {}

export function parseArgs(argv: readonly string[], spec: Readonly<Record<string, OptionSpec>>): ParsedArgs {
  const known = Object.keys(spec);
  const out: ParsedArgs = new Map();
  const refuse = (why: string) => {
    throw new CliArgumentError(known.length ? `${why} (options: ${known.join(', ')})` : `${why} (this command takes no arguments)`);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const option = Object.prototype.hasOwnProperty.call(spec, name) ? spec[name] : undefined;
    if (!option) refuse(name.startsWith('-') ? `unknown option ${quote(name)}` : `unexpected argument ${quote(arg)}`);
    let value: string;
    if (option!.value) {
      value = eq > 0 ? arg.slice(eq + 1) : (argv[++i] ?? '');
      if (!value.trim() || (eq < 0 && value.startsWith('--'))) refuse(`${name} needs a value`);
    } else {
      if (eq > 0) refuse(`${name} takes no value`);
      value = '';
    }
    const seen = out.get(name);
    if (seen && !option!.repeat) refuse(`${name} is given more than once`);
    out.set(name, [...(seen ?? []), value]);
  }
  for (const [name] of out) {
    const other = spec[name].conflicts?.find((o) => out.has(o));
    if (other) refuse(`${name} and ${other} cannot both be given`);
  }
  return out;
}

/** An argument as the refusal prints it: quoted, control characters escaped, cut at 80 characters. */
function quote(text: string): string {
  const shown = JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
  return shown.replace(/[\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/**
 * The arguments of a script run from the command line, or exit 2 with the one line that says what is wrong.
 */
export function argsOrExit(command: string, spec: Readonly<Record<string, OptionSpec>>, argv = process.argv.slice(2)): ParsedArgs {
  try {
    return parseArgs(argv, spec);
  } catch (err) {
    if (!(err instanceof CliArgumentError)) throw err;
    console.error(`${command}: ${err.message}`);
    process.exit(2);
  }
}
