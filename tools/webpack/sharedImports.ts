import webpack, { type Compilation, type Dependency, type Module } from 'webpack';
import { SHARED_IMPORTS_FILE, type SharedImports } from '../../shell/releases/sharedImportsFile.ts';

// Module Federation's module that stands for a shared singleton in a consumer's build.
const CONSUME_SHARED = 'consume-shared-module';
// The link from a federation container to each module it exposes.
const CONTAINER_EXPOSED = 'container exposed';

function dependenciesOf(block: { dependencies: Dependency[]; blocks: { dependencies: Dependency[]; blocks: unknown[] }[] }): Dependency[] {
  return [...block.dependencies, ...block.blocks.flatMap((inner) => dependenciesOf(inner as typeof block))];
}

/**
 * The exports of shared singletons a build's exposed modules use, from the compiled module graph:
 * every module reachable from the container's exposes (a remote's own code and whatever it bundles,
 * such as shared-events/react), each import of a shared module with the names webpack resolved for
 * it (named imports, re-exports, `ns.member` of a namespace import) where the code using it is
 * kept. Type-only imports are gone by then; a namespace used as a whole names nothing and is not
 * checked. The standalone harness's
 * entry is not reached from the exposes, so its imports do not count.
 */
export function sharedImportsOf(compilation: Compilation): SharedImports {
  const { moduleGraph } = compilation;
  const imports = new Map<string, Set<string>>();
  const queue: Module[] = [...compilation.modules].filter((module) => dependenciesOf(module).some((dependency) => dependency.type === CONTAINER_EXPOSED));
  const seen = new Set<Module>(queue);
  while (queue.length) {
    for (const dependency of dependenciesOf(queue.pop()!)) {
      // A connection webpack dropped as unused (a hook of a bundled module nobody calls) asks nothing of the shell.
      const connection = moduleGraph.getConnection(dependency);
      const target = connection?.module;
      if (!target || !connection.isTargetActive(undefined)) continue;
      if (target.type === CONSUME_SHARED) {
        const shareKey = (target as Module & { options: { shareKey: string } }).options.shareKey;
        const names = imports.get(shareKey) ?? new Set();
        imports.set(shareKey, names);
        for (const reference of dependency.getReferencedExports(moduleGraph, undefined)) {
          const name = Array.isArray(reference) ? reference[0] : reference.name[0];
          if (name !== undefined) names.add(name);
        }
      } else if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return Object.fromEntries([...imports].sort(([a], [b]) => a.localeCompare(b)).map(([key, names]) => [key, [...names].sort()]));
}

/**
 * Writes shared-imports.json beside a remote's build: what its code imports from each shared
 * singleton, which promotion checks against what the live shell provides (shell/releases/).
 */
export class SharedImportsPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('SharedImportsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedImportsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(SHARED_IMPORTS_FILE, new webpack.sources.RawSource(`${JSON.stringify(sharedImportsOf(compilation), null, 2)}\n`));
      });
    });
  }
}
