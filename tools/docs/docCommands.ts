// The commands the README and docs/*.md tell a reader to run, read from the Markdown: every line of
// a ```sh or ```bash block, and every inline `npm …`, `node …`, `npx …`, `bash …` or `cd … && …`.
// docs/decisions/ is history and is not read. tools/docs/commands.test.ts checks each command
// against the repository and maps it to the test or CI step that runs it.

export interface DocCommand {
  /** Where it is written, e.g. `docs/deploying.md:12`. */
  where: string;
  /** The command as written, its comment and line continuations removed. */
  text: string;
}

/** One program run: `cd mf-catalog && npx jest server` is two steps, `cd` then `npx jest server`. */
export interface Step {
  /** The folder it runs in, relative to the repository (after any `cd` before it). */
  cwd: string;
  words: string[];
}

const inlineCommand = /`((?:npm|node|npx|bash) [^`]+|cd [^`]+ && [^`]+)`/g;

/** Every command of one Markdown file. */
export function commandsIn(file: string, markdown: string): DocCommand[] {
  const commands: DocCommand[] = [];
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let pending = '';
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    const fenceMark = /^\s*```(\w*)/.exec(line);
    if (fenceMark) {
      fence = fence === undefined ? fenceMark[1] : undefined;
      return;
    }
    if (fence === 'sh' || fence === 'bash') {
      const code = withoutComment(line).trim();
      if (code.endsWith('\\')) {
        pending += `${code.slice(0, -1).trim()} `;
        return;
      }
      const text = pending + code;
      pending = '';
      // `export NAME=value` sets up the commands after it; it runs nothing of the repository's.
      if (text !== '' && !/^export \w+=/.test(text)) commands.push({ where, text });
      return;
    }
    if (fence !== undefined) return;
    for (const match of line.matchAll(inlineCommand)) commands.push({ where, text: match[1]!.trim() });
  });
  return commands;
}

/** The line without its shell comment (a `#` that starts a word and is outside quotes). */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
      return line.slice(0, i);
    }
  }
  return line;
}

/** The command split into its steps, each with the folder it runs in; leading `NAME=value` words dropped. */
export function stepsOf(text: string): Step[] {
  let cwd = '.';
  const steps: Step[] = [];
  for (const part of text.split(/\s*&&\s*/)) {
    const words = shellWords(part);
    while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0]!)) words.shift();
    steps.push({ cwd, words });
    if (words[0] === 'cd' && words[1]) cwd = joinPath(cwd, words[1]);
  }
  return steps;
}

/** Words as the shell splits them (quotes removed; no expansion). */
function shellWords(text: string): string[] {
  return [...text.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

/** `a/b` joined with `../c` is `a/c`; `.` is the repository root. */
export function joinPath(from: string, to: string): string {
  const parts = from === '.' ? [] : from.split('/');
  for (const segment of to.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.length === 0 ? '.' : parts.join('/');
}

/** What npm runs for `npm start`, `npm test`, `npm run <script>`, with `-w <workspace>` and the arguments after `--`. */
export interface NpmRun {
  script: string;
  workspace?: string;
  /** Flags before `--` other than the workspace: npm's own options, which a script never sees. */
  npmOptions: string[];
  /** Words after `--`, handed to the script. */
  args: string[];
}

export function npmRunOf(words: string[]): NpmRun | undefined {
  if (words[0] !== 'npm') return undefined;
  const [, verb, ...rest] = words;
  let script: string | undefined;
  if (verb === 'start' || verb === 'test') script = verb;
  else if (verb === 'run' || verb === 'run-script') script = rest.shift();
  if (script === undefined) return undefined;
  const split = rest.indexOf('--');
  const before = split === -1 ? rest : rest.slice(0, split);
  const args = split === -1 ? [] : rest.slice(split + 1);
  const run: NpmRun = { script, npmOptions: [], args };
  for (let i = 0; i < before.length; i++) {
    if ((before[i] === '-w' || before[i] === '--workspace') && before[i + 1]) run.workspace = before[++i];
    else if (before[i]!.startsWith('-')) run.npmOptions.push(before[i]!);
  }
  return run;
}

/**
 * The name a command is known by in the coverage table: the program and, for npm, the script and
 * workspace as written; arguments are left out, their flags being checked against the CLI's usage.
 */
export function programOf(text: string): string {
  const { cwd, words } = stepsOf(text).at(-1) ?? { cwd: '.', words: [] };
  const npm = npmRunOf(words);
  if (npm) {
    const verb = npm.script === 'start' || npm.script === 'test' ? `npm ${npm.script}` : `npm run ${npm.script}`;
    return npm.workspace ? `${verb} -w ${npm.workspace}` : verb;
  }
  const [program = '', ...args] = words;
  if (program === 'node' || program === 'bash') {
    // The interpreter's own flags (node --test) and the file, as a path from the repository's root.
    const file = args.findIndex((arg) => !arg.startsWith('-'));
    return [program, ...args.slice(0, file), joinPath(cwd, args[file] ?? '')].join(' ');
  }
  if (program === 'curl') {
    const method = args.includes('-X') ? args[args.indexOf('-X') + 1] : 'GET';
    const url = args.find((arg) => /^https?:\/\//.test(arg));
    return `curl ${method} ${url ? new URL(url).pathname : ''}`;
  }
  // npx <tool>, docker build, podman compose: the tool and its command.
  return words.slice(0, 2).join(' ');
}
