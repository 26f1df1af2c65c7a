// The files the README and docs/ name, read from the Markdown outside code blocks: repository paths in
// backticks (`tools/stack/start.ts`) or in prose (mf-checkout/server/staff/access.test.ts), and source
// files named from inside a package (`staff/writeAccess.ts`, `session/{roles,identity}.ts`); and what a
// decision record says of the files it names that moved since. tools/docs/commands.test.ts checks them.

/** A file or folder the docs name. */
export interface DocPath {
  /** Where it is written, e.g. `docs/deploying.md:12`. */
  where: string;
  path: string;
  /** `repo`: from the repository's root; `tail`: the end of some file's path (named from inside its package). */
  kind: 'repo' | 'tail';
}

/** The extensions of the files a package is made of: a word with a slash ending in one is a file's path. */
const SOURCE_FILE = /\.(?:tsx?|[cm]?js|json|md|sh|ya?ml|css|sql|html|snapshot)$/;

/** `session/{roles,identity}.ts` is `session/roles.ts` and `session/identity.ts`. */
export function expandBraces(word: string): string[] {
  const group = /\{([^{}]*)\}/.exec(word);
  if (!group) return [word];
  return group[1]!.split(',').flatMap((choice) => expandBraces(word.slice(0, group.index) + choice + word.slice(group.index + group[0].length)));
}

/**
 * A backticked word as a path, or null: a `:line` or `#anchor` after it dropped; words with a
 * placeholder (`<name>`), a wildcard or an ellipsis are patterns, and addresses (`/remotes.json`,
 * `http://…`) and dotted names (`.ts`) are not files of the repository.
 */
function backticked(word: string, topLevel: ReadonlySet<string>): Omit<DocPath, 'where'> | null {
  const path = word.replace(/[:#].*$/, '').replace(/\/$/, '');
  if (!path.includes('/') || /[<>*…]/.test(path)) return null;
  if (topLevel.has(path.split('/')[0]!)) return { path, kind: 'repo' };
  return /^[\w-]/.test(path) && SOURCE_FILE.test(path) ? { path, kind: 'tail' } : null;
}

/** Every path of one Markdown file (see DocPath). */
export function pathsIn(file: string, markdown: string, topLevel: ReadonlySet<string>): DocPath[] {
  const paths: DocPath[] = [];
  const prose = new RegExp(`(?<![\\w./<*-])(?:${[...topLevel].map((name) => name.replace(/[.]/g, '\\.')).join('|')})/[\\w./{},-]*[\\w}]`, 'g');
  let inFence = false;
  markdown.split('\n').forEach((line, index) => {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) return;
    const where = `${file}:${index + 1}`;
    for (const match of line.matchAll(/`([^`\s]+)`/g)) {
      for (const word of expandBraces(match[1]!)) {
        const path = backticked(word, topLevel);
        if (path) paths.push({ where, ...path });
      }
    }
    // Prose: what is left once code spans and link targets are taken out.
    const text = line.replace(/`[^`]*`/g, ' ').replace(/\]\([^)]*\)/g, '] ');
    for (const match of text.matchAll(prose)) {
      for (const path of expandBraces(match[0].replace(/\.$/, ''))) paths.push({ where, path, kind: 'repo' });
    }
  });
  return paths;
}

/**
 * What a decision record says of files it names that moved or went since it was written (a record is
 * history: it is not rewritten, it says so): `old` → `new`, or `old` (gone, ...). Returns the old
 * paths with the path each became (null: gone).
 */
export function movesIn(markdown: string): Map<string, string | null> {
  const moves = new Map<string, string | null>();
  for (const match of markdown.matchAll(/`([^`\s]+\/[^`\s]+)`\s*(?:→\s*`([^`\s]+)`|\(gone\b)/g)) {
    for (const old of expandBraces(match[1]!)) moves.set(old, match[2] ?? null);
  }
  return moves;
}
