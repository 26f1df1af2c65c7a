import type { BenchOptions } from './args.ts';

/** What every part of the catalogue bench is given: the options, where the repository is and where to write. */
export interface CatalogContext {
  options: BenchOptions;
  repoRoot: string;
  workDir: string;
  log: (line: string) => void;
}
