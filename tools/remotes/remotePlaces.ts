// Every place a remote must be known, beyond the one list (shell/remotes.ts) that the shell, the
// gateway, the releases and tools/stack import. These places are JSON, shell, Containerfile or prose
// and cannot import it, so each comes with a check that it names a remote; docs/architecture.md
// "Add a remote" lists the same places, and remotePlaces.test.ts holds the two together.

/** A file of the repository as text, '' when it does not exist. */
export type ReadFile = (file: string) => string;

export interface RemotePlace {
  /** The file, from the repository's root; `<name>` stands for the remote's name. */
  readonly file: string;
  /** What in that file must name the remote. */
  readonly what: string;
  /** Whether `read`'s repository has remote `name` in this place. */
  readonly knows: (name: string, read: ReadFile) => boolean;
}

const workspace = (name: string) => `mf-${name}`;
const envKey = (name: string) => name.toUpperCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function rootPackage(read: ReadFile): { workspaces?: string[]; jest?: { projects?: string[] } } {
  return JSON.parse(read('package.json') || '{}') as { workspaces?: string[]; jest?: { projects?: string[] } };
}

/** The port the remote's standalone harness listens on, from its webpack configuration. */
function standalonePort(name: string, read: ReadFile): string | undefined {
  return /standalonePort:\s*(\d+)/.exec(read(`${workspace(name)}/webpack.config.ts`))?.[1];
}

/** The Containerfile stage of that name, up to the next FROM. */
function stage(containerfile: string, name: string): string {
  return new RegExp(`^FROM \\S+ AS ${name}\\n[\\s\\S]*?(?=^FROM |(?![\\s\\S]))`, 'm').exec(containerfile)?.[0] ?? '';
}

export const remotePlaces: readonly RemotePlace[] = [
  {
    file: 'mf-<name>/package.json',
    what: 'the workspace: its package named mf-<name>, its release and deploy scripts naming <name>',
    knows: (name, read) => {
      const manifest = JSON.parse(read(`${workspace(name)}/package.json`) || '{}') as { name?: string; scripts?: Record<string, string> };
      const names = (command: string) => manifest.scripts?.[command]?.endsWith(`shell/releases/cli.ts ${command} ${name}`) === true;
      return manifest.name === workspace(name) && names('release') && names('deploy');
    },
  },
  {
    file: 'mf-<name>/webpack.config.ts',
    what: "the build (tools/webpack/remoteConfig.ts) under the remote's name, with a standalone port",
    knows: (name, read) =>
      new RegExp(`name: ['"]${escape(name)}['"]`).test(read(`${workspace(name)}/webpack.config.ts`)) && standalonePort(name, read) !== undefined,
  },
  {
    file: 'package.json',
    what: 'the workspaces',
    knows: (name, read) => rootPackage(read).workspaces?.includes(workspace(name)) === true,
  },
  {
    file: 'package.json',
    what: 'the jest projects',
    knows: (name, read) => rootPackage(read).jest?.projects?.includes(`<rootDir>/${workspace(name)}`) === true,
  },
  {
    file: '.ci/test.sh',
    what: 'the type-check loop',
    knows: (name, read) => /^\s*for pkg in (.*); do$/m.exec(read('.ci/test.sh'))?.[1]?.split(/\s+/).includes(workspace(name)) === true,
  },
  {
    file: '.ci/lint.sh',
    what: 'the folders dependency-cruiser checks',
    knows: (name, read) => /dependency-cruiser?\.mjs[^\n]*\\\n([^\n]*)/.exec(read('.ci/lint.sh'))?.[1]?.trim().split(/\s+/).includes(workspace(name)) === true,
  },
  {
    file: 'deploy/Containerfile',
    what: 'the workspace manifests every image installs from',
    knows: (name, read) => read('deploy/Containerfile').includes(`COPY ${workspace(name)}/package.json ${workspace(name)}/\n`),
  },
  {
    file: 'deploy/Containerfile',
    what: "the gateway image's remote bundles",
    knows: (name, read) =>
      stage(read('deploy/Containerfile'), 'gateway').includes(`COPY --from=frontends /app/${workspace(name)}/dist ${workspace(name)}/dist\n`),
  },
  {
    file: 'deploy/Containerfile',
    what: 'the remote-bundles image (for a CDN)',
    knows: (name, read) => stage(read('deploy/Containerfile'), 'remote-bundles').includes(`COPY --from=frontends /app/${workspace(name)}/dist /${name}\n`),
  },
  {
    file: 'tools/stack/services.ts',
    what: "the standalone harness ports the local Firebase answers (the remote's standalonePort)",
    knows: (name, read) => {
      const port = standalonePort(name, read);
      const ports = /standaloneHarnessPorts = \[([^\]]*)\]/.exec(read('tools/stack/services.ts'))?.[1]?.split(/\s*,\s*/) ?? [];
      return port !== undefined && ports.includes(port);
    },
  },
  {
    // The Russian catalogue is typed by the English keys: the type check asks for the translation.
    file: 'shell/src/i18n/messages.en.ts',
    what: "the name of the remote's part in a fallback (slot.part.<name>)",
    knows: (name, read) => new RegExp(`['"]slot\\.part\\.${escape(name)}['"]:`).test(read('shell/src/i18n/messages.en.ts')),
  },
  {
    file: 'README.md',
    what: 'the REMOTE_<NAME>_URL row of the configuration table',
    knows: (name, read) => /^\| `REMOTE_.*$/m.exec(read('README.md'))?.[0]?.includes(envKey(name)) === true,
  },
  {
    file: 'docs/architecture.md',
    what: 'the gateway diagram (/remotes/<name>/) and the packages table',
    knows: (name, read) => {
      const doc = read('docs/architecture.md');
      return doc.includes(`/remotes/${name}/`) && doc.includes(`| \`${workspace(name)}\` |`);
    },
  },
];

/** The places that do not name remote `name`, each as "file: what". */
export function placesMissing(name: string, read: ReadFile): string[] {
  return remotePlaces
    .filter((place) => !place.knows(name, read))
    .map(({ file, what }) => `${file}: ${what}`.replaceAll('<name>', name).replaceAll('<NAME>', envKey(name)));
}
