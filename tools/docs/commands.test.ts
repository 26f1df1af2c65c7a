// The guard of the README and docs/: every file they name exists (a decision record says which of its
// files moved since), a decision a later one supersedes says so, and every command README.md and
// docs/*.md show works in this repository as written (its npm script, files, folders, tools and flags
// exist) and is run by a test or a CI step (tools/docs/commandCoverage.ts says which). When you add a
// command to the docs, add its row there.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { remoteNames } from '../../shell/remotes.ts';
import { parseArgs as parseBenchArgs } from '../bench/args.ts';
import { commandCoverage } from './commandCoverage.ts';
import { commandsIn, joinPath, npmRunOf, programOf, stepsOf, type DocCommand } from './docCommands.ts';
import { movesIn, pathsIn, type DocPath } from './docPaths.ts';

const repoRoot = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const exists = (file: string) => existsSync(path.join(repoRoot, file));

const docFiles = [
  'README.md',
  ...readdirSync(path.join(repoRoot, 'docs'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`),
];
const documented: DocCommand[] = docFiles.flatMap((file) => commandsIn(file, read(file)));
const remoteWorkspaces = remoteNames.map((name) => `mf-${name}`);
const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
const scriptsOf = (workspace: string) =>
  (JSON.parse(read(workspace === '.' ? 'package.json' : `${workspace}/package.json`)) as { scripts?: Record<string, string> }).scripts ?? {};
const programsInDocs = new Set(documented.map((command) => programOf(command.text)));

/**
 * How each repository CLI the docs hand arguments to says what it accepts, doing nothing else:
 * - `run`: the arguments that make it print its usage (or refuse with the list of what it takes);
 * - `parse`: its own argument parser, called here: it must accept the documented arguments;
 * - `source`: it has no usage to print and does its work whatever it is given (the migrate
 *   commands apply migrations unless --status), so its source must name the flag.
 */
const usageOf: Record<string, { run: readonly string[] } | { parse: (args: string[]) => unknown } | 'source'> = {
  'shell/releases/cli.ts': { run: ['--help'] },
  'tools/bench/run.ts': { parse: parseBenchArgs },
  'mf-account/server/staff/cli.ts': { run: ['--help'] },
  'mf-checkout/server/mailCommand.ts': { run: [] },
  'mf-catalog/server/cli/import.ts': { run: ['--help'] },
  'mf-catalog/server/cli/generate.ts': { run: ['--help'] },
  // An unknown service name is refused with the list of the stack's services, before anything starts.
  'tools/stack/start.ts': { run: ['--help'] },
  'mf-catalog/server/migrate.ts': 'source',
  'mf-checkout/server/migrate.ts': 'source',
  'shell/server/migrate.ts': 'source',
};

/** `mf-<name>` stands for every remote's workspace. */
const expandWorkspace = (workspace: string | undefined) => (workspace === 'mf-<name>' ? remoteWorkspaces : [workspace ?? '.']);

/** The files an npm script runs with node or bash, following `npm run X -w W` inside it, as paths from the repository's root. */
function filesRunBy(workspace: string, script: string): string[] {
  const body = scriptsOf(workspace)[script] ?? '';
  // .ci/with-node24.sh runs its command from the repository's root; other scripts run in their workspace.
  const from = body.includes('.ci/with-node24.sh') ? '.' : workspace;
  const files = [...body.matchAll(/\b(?:node|bash)\s+(?:--\S+\s+)*([\w./-]+\.(?:ts|js|cjs|mjs|sh))/g)]
    .map((match) => joinPath(from, match[1]!))
    .filter((file) => file !== '.ci/with-node24.sh');
  const nested = [...body.matchAll(/\bnpm run(?: -s)? ([\w:-]+) -w ([\w-]+)/g)].flatMap((match) => filesRunBy(match[2]!, match[1]!));
  return [...files, ...nested];
}

/** The repository CLIs a command runs and the arguments it hands them. */
function cliCalls(text: string): { file: string; args: string[] }[] {
  return stepsOf(text).flatMap(({ cwd, words }) => {
    const npm = npmRunOf(words);
    if (npm) return expandWorkspace(npm.workspace).flatMap((workspace) => filesRunBy(workspace, npm.script).map((file) => ({ file, args: npm.args })));
    if (words[0] !== 'node') return [];
    const at = words.findIndex((word, index) => index > 0 && !word.startsWith('-'));
    return at === -1 ? [] : [{ file: joinPath(cwd, words[at]!), args: words.slice(at + 1) }];
  });
}

/** Words of a command that name something in the repository: a path under one of its top-level entries. */
function repoPaths(text: string): string[] {
  const topLevel = new Set(readdirSync(repoRoot));
  return stepsOf(text).flatMap(({ cwd, words }) =>
    words
      .slice(1)
      .filter((word) => !word.includes('<') && !/^\w+:/.test(word) && (word.includes('/') || words[0] === 'cd'))
      .map((word) => joinPath(cwd, word.replace(/=.*$/, '')))
      .filter((file) => topLevel.has(file.split('/')[0]!)),
  );
}

const problems = (check: (command: DocCommand) => string[]) =>
  documented.flatMap((command) => check(command).map((problem) => `${command.where} \`${command.text}\`: ${problem}`));

describe('reading the commands out of the docs', () => {
  it('takes every line of sh and bash blocks (comments and continuations handled) and inline npm, node, npx, bash and cd commands', () => {
    const markdown = [
      'Run `npm start`, then `cd shell && npx jest server`; `node_modules` is no command.',
      '```sh',
      'npm run deploy -w mf-cart -- --rollback   # back to the release before',
      'export TOKEN=$(openssl rand -hex 24)',
      'curl -X PATCH http://localhost:3000/api/catalog/products/7 \\',
      "  -H 'x-note: #1' -d '{}'",
      '```',
      '```json',
      '{ "npm": "run" }',
      '```',
    ].join('\n');
    expect(commandsIn('x.md', markdown)).toEqual([
      { where: 'x.md:1', text: 'npm start' },
      { where: 'x.md:1', text: 'cd shell && npx jest server' },
      { where: 'x.md:3', text: 'npm run deploy -w mf-cart -- --rollback' },
      { where: 'x.md:6', text: "curl -X PATCH http://localhost:3000/api/catalog/products/7 -H 'x-note: #1' -d '{}'" },
    ]);
    expect(programOf('npm run deploy -w mf-cart -- --rollback')).toBe('npm run deploy -w mf-cart');
    expect(programOf('cd mf-catalog && node ../tools/bench/run.ts --only orders')).toBe('node tools/bench/run.ts');
    expect(programOf("curl -X PATCH 'http://localhost:3000/api/catalog/products/7?x=1'")).toBe('curl PATCH /api/catalog/products/7');
  });

  it('finds the README and docs commands (decision records, being history, are not read)', () => {
    expect(documented.find((command) => command.text === 'npm start')?.where).toBe('README.md:12');
    expect(programsInDocs).toContain('npm run deploy -w shell');
    expect(documented.some((command) => command.where.startsWith('docs/decisions/'))).toBe(false);
  });
});

/** Folders git ignores hold what running the shop writes (`.releases/`, `.data/`): there or not, they are no repository path. */
const ignoredFolders = new Set(
  read('.gitignore')
    .split('\n')
    .filter((line) => /^[^#*!][^/*]*\/$/.test(line))
    .map((line) => line.slice(0, -1)),
);
const skipped = (entry: Dirent) => entry.name === '.git' || entry.name === 'node_modules' || entry.name === 'dist' || ignoredFolders.has(entry.name);

/** Every file under a folder of the repository, as paths from its root (what git ignores, installs and builds aside). */
function filesUnder(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    if (skipped(entry)) return [];
    const name = folder === '.' ? entry.name : `${folder}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(name) : [name];
  });
}

/** README.md and every Markdown file under docs/, decision records included. */
const proseFiles = ['README.md', ...filesUnder('docs').filter((file) => file.endsWith('.md'))];
const isRecord = (file: string) => /^docs\/decisions\/\d{4}-/.test(file);

describe('the files README.md and docs/ name', () => {
  /** Named before they exist: the file the guide "Add a route" (docs/architecture.md) has you write. */
  const toBeWritten = new Set(['mf-catalog/src/reviews/ReviewsPage.tsx']);
  /** `shared-events/react` is an import specifier: the package's export, not a folder. */
  const isPackageExport = (name: string) => {
    const [workspace, ...rest] = name.split('/');
    const manifest = workspaces.includes(workspace!) ? (JSON.parse(read(`${workspace}/package.json`)) as { exports?: Record<string, string> }) : {};
    return manifest.exports?.[`./${rest.join('/')}`] !== undefined;
  };
  const topLevel = new Set(readdirSync(repoRoot).filter((name) => !ignoredFolders.has(name)));
  const repoFiles = filesUnder('.');
  /** Build output under dist/ and what running the shop writes are no repository paths. */
  const notInRepository = (name: string) => name.split('/').some((segment) => segment === 'dist' || ignoredFolders.has(segment));
  const found = ({ path: name, kind }: DocPath) =>
    kind === 'repo'
      ? exists(name) || isPackageExport(name) || toBeWritten.has(name) || notInRepository(name)
      : repoFiles.some((file) => file.endsWith(`/${name}`));

  it('are read in backticks and in prose, named from the root or from inside their package', () => {
    const markdown = [
      'The runner (`service-kit/src/migrations/runner.ts`, `staff/{tokens,roles}.ts`) and mf-checkout/server/app.ts.',
      'Not paths: `/remotes.json`, `mf-<name>/package.json`, `*.test.ts`, `.ts`, [a link](../README.md), mf-*/dist.',
      '```sh',
      'node tools/stack/start.ts',
      '```',
    ].join('\n');
    expect(pathsIn('x.md', markdown, new Set(['service-kit', 'mf-checkout', 'tools']))).toEqual([
      { where: 'x.md:1', path: 'service-kit/src/migrations/runner.ts', kind: 'repo' },
      { where: 'x.md:1', path: 'staff/tokens.ts', kind: 'tail' },
      { where: 'x.md:1', path: 'staff/roles.ts', kind: 'tail' },
      { where: 'x.md:1', path: 'mf-checkout/server/app.ts', kind: 'repo' },
    ]);
    expect(movesIn('`a/old.ts` → `a/new.ts`; `a/{x,y}.ts` (gone: folded into new.ts)')).toEqual(
      new Map([
        ['a/old.ts', 'a/new.ts'],
        ['a/x.ts', null],
        ['a/y.ts', null],
      ]),
    );
  });

  it('exist; a decision record names a file since moved or gone only where it says so (`old` → `new`, `old` (gone))', () => {
    const problems = proseFiles.flatMap((file) => {
      const moves = isRecord(file) ? movesIn(read(file)) : new Map<string, string | null>();
      const said = (name: string) => [...moves.keys()].some((old) => old === name || old.endsWith(`/${name}`));
      const missing = pathsIn(file, read(file), topLevel).filter((named) => !found(named) && !said(named.path));
      const wrongMoves = [...moves.values()].filter((now): now is string => now !== null && !exists(now));
      return [
        ...missing.map(({ where, path: name, kind }) => `${where}: ${name} does not exist${kind === 'tail' ? " (as the end of any file's path)" : ''}`),
        ...wrongMoves.map((now) => `${file}: says a file moved to ${now}, which does not exist`),
      ];
    });
    expect(problems).toEqual([]);
  });
});

describe('decision records', () => {
  const records = proseFiles.filter(isRecord);
  const numberOf = (file: string) => path.basename(file).slice(0, 4);
  const statusOf = (file: string) => /Status: ([^\n]*)/.exec(read(file))?.[1] ?? '';
  const indexRow = (number: string) =>
    read('docs/decisions/README.md')
      .split('\n')
      .find((line) => line.startsWith(`| [${number}](`)) ?? '';

  it('that a later one supersedes or amends say so in their status, and so does the index (docs/decisions/README.md)', () => {
    const laterOnes = records.flatMap((file) =>
      [...statusOf(file).matchAll(/\b(?:supersedes|amends|replaces)\b[^;)]*?\b(\d{4})\b/g)].map((match) => ({ later: numberOf(file), earlier: match[1]! })),
    );
    expect(laterOnes.length).toBeGreaterThan(0);
    const silent = laterOnes.flatMap(({ later, earlier }) => {
      const record = records.find((file) => numberOf(file) === earlier);
      const says = (text: string) => new RegExp(`\\b(superseded|amended|replaced)\\b[^;]*\\b${later}\\b`).test(text);
      return [
        ...(record && says(statusOf(record)) ? [] : [`${earlier}'s Status does not say that ${later} supersedes or amends it`]),
        ...(says(indexRow(earlier).split('|').at(-2) ?? '') ? [] : [`the index's status of ${earlier} does not name ${later}`]),
      ];
    });
    expect(silent).toEqual([]);
  });
});

describe('every command in README.md and docs/*.md', () => {
  it('names an npm script of its workspace, with its own flags after --', () => {
    const wrong = problems(({ text }) =>
      stepsOf(text).flatMap(({ words }) => {
        const npm = npmRunOf(words);
        if (!npm) return [];
        const unknown = expandWorkspace(npm.workspace).flatMap((workspace) => {
          if (workspace !== '.' && !workspaces.includes(workspace)) return [`no workspace ${workspace}`];
          return scriptsOf(workspace)[npm.script] === undefined ? [`${workspace === '.' ? 'the root package' : workspace} has no script ${npm.script}`] : [];
        });
        const early = npm.npmOptions.map((option) => `${option} goes to npm, not to the script: put it after --`);
        return [...unknown, ...early];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('names files and folders that exist, and so do the npm scripts it runs', () => {
    const missing = problems(({ text }) => {
      const files = [...repoPaths(text), ...cliCalls(text).map((call) => call.file)];
      return [...new Set(files)].filter((file) => !exists(file)).map((file) => `${file} does not exist`);
    });
    expect(missing).toEqual([]);
  });

  it('runs installed tools: npx binaries, jest projects and test paths, Containerfile stages', () => {
    const projects = workspaces.map((workspace) => (JSON.parse(read(`${workspace}/package.json`)) as { jest?: { displayName?: string } }).jest?.displayName);
    const wrong = problems(({ text }) =>
      stepsOf(text).flatMap(({ cwd, words }) => {
        const found: string[] = [];
        if (words[0] === 'npx' && !exists(`node_modules/.bin/${words[1]}`)) found.push(`npx ${words[1]} is not installed`);
        if (words[0] === 'npx' && words[1] === 'jest') {
          const selected = words.flatMap((word, index) => (words[index - 1] === '--selectProjects' ? [word] : []));
          found.push(...selected.filter((name) => !projects.includes(name)).map((name) => `no jest project ${name}`));
          const patterns = words.filter((word, index) => index > 1 && !word.startsWith('-') && words[index - 1] !== '--selectProjects');
          found.push(
            ...patterns
              .map((pattern) => joinPath(cwd, pattern))
              .filter((pattern) => !exists(pattern))
              .map((pattern) => `jest finds no ${pattern}`),
          );
        }
        const target = words[words.indexOf('--target') + 1];
        if (words.includes('--target') && target) {
          const file = words[words.indexOf('-f') + 1] ?? '';
          if (!new RegExp(`^FROM .* AS ${target}$`, 'm').test(exists(file) ? read(file) : '')) found.push(`${file} has no stage ${target}`);
        }
        return found;
      }),
    );
    expect(wrong).toEqual([]);
  });

  it("hands the repository's CLIs only flags and words they take", async () => {
    const calls = documented.flatMap((command) => cliCalls(command.text).map((call) => ({ command, ...call })));
    const withArgs = calls.filter((call) => call.args.length > 0);
    const usages = new Map(await Promise.all([...new Set(withArgs.map((call) => call.file))].map(async (file) => [file, await usageText(file)] as const)));
    const wrong = withArgs.flatMap(({ command, file, args }) => {
      const refusals = refused(file, args, usages.get(file));
      return refusals.map((refusal) => `${command.where} \`${command.text}\`: ${refusal}`);
    });
    expect(wrong).toEqual([]);
  }, 60_000);

  it('is run by the test or CI step tools/docs/commandCoverage.ts names, or says why not', () => {
    const unmapped = problems(({ text }) => {
      const program = programOf(text);
      return program in commandCoverage ? [] : [`add "${program}" to tools/docs/commandCoverage.ts: which test or CI step runs it?`];
    });
    const gone = Object.keys(commandCoverage)
      .filter((program) => !programsInDocs.has(program))
      .map((program) => `"${program}" is in tools/docs/commandCoverage.ts but in no doc any more: remove its row`);
    const broken = Object.entries(commandCoverage).flatMap(([program, coverage]) => {
      if (!('by' in coverage)) return [];
      if (!exists(coverage.by)) return [`"${program}": ${coverage.by} does not exist`];
      return read(coverage.by).includes(coverage.runs) ? [] : [`"${program}": ${coverage.by} no longer contains ${coverage.runs}`];
    });
    expect([...unmapped, ...gone, ...broken]).toEqual([]);
  });
});

/** What of the arguments the CLI does not take, by its entry in usageOf. */
function refused(file: string, args: string[], usage: string | undefined): string[] {
  const how = usageOf[file];
  if (how === undefined) return [`${file} is not in usageOf (tools/docs/commands.test.ts): say how it shows what it takes`];
  if (typeof how === 'object' && 'parse' in how) {
    try {
      how.parse(args);
      return [];
    } catch (error) {
      return [`${file} refuses it: ${(error as Error).message}`];
    }
  }
  // Flags, and plain words such as subcommands and flag values (grant, orders); not values, paths, ids, placeholders.
  const checked = args.filter((arg) => /^--[\w-]+$/.test(arg) || /^[a-z][a-z-]*$/.test(arg));
  const unknown = checked.filter((arg) => !new RegExp(`(^|[^\\w-])${arg}(?![\\w-])`).test(usage ?? ''));
  // Its own words, so a CLI that crashed instead of printing its usage shows as such.
  const said = how === 'source' ? '' : ` (it said: ${(usage ?? '').trim().slice(0, 300)})`;
  return unknown.length === 0 ? [] : [`${file} does not take ${unknown.join(', ')}${said}`];
}

/** A CLI's usage text (stdout and stderr, whatever its exit code) or source, by its entry in usageOf. */
async function usageText(file: string): Promise<string | undefined> {
  const how = usageOf[file];
  if (how === 'source') return read(file);
  if (how === undefined || !('run' in how)) return undefined;
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...how.run], { cwd: repoRoot, timeout: 30_000 }, (_error, stdout, stderr) => resolve(`${stdout}\n${stderr}`));
  });
}
