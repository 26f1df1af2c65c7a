import { statSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';

/** Content-hashed build files (`name.0123456789.js`) and their precompressed copies. */
const hashedFile = /\.[0-9a-f]{10}\.[a-z0-9]+(\.br|\.gz)?$/;

/** How long a rebuilt app keeps its earlier hashed files. */
export const KEEP_HASHED_FILES_MS = 24 * 3_600_000;

/** Whether cleaning `outputDir` should keep `asset`: a hashed file written within `maxAgeMs`. */
export function isRecentHashedFile(outputDir: string, asset: string, maxAgeMs = KEEP_HASHED_FILES_MS, now = Date.now()): boolean {
  if (!hashedFile.test(asset)) return false;
  try {
    return now - statSync(path.join(outputDir, asset)).mtimeMs < maxAgeMs;
  } catch {
    return false;
  }
}

/**
 * For builds served in place (mf-<name>/dist, shell/dist), with `output.clean`: hashed files
 * written within the last day survive a rebuild, because a page opened before it still asks for
 * them (the remote entry it loaded names the old chunks). Older hashed files and every unhashed one
 * are cleaned as before. Releases (npm run release) need none of this: each is a directory of its own.
 */
export class KeepRecentHashedFiles {
  private readonly maxAgeMs: number;

  constructor(maxAgeMs = KEEP_HASHED_FILES_MS) {
    this.maxAgeMs = maxAgeMs;
  }

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('KeepRecentHashedFiles', (compilation) => {
      webpack.CleanPlugin.getCompilationHooks(compilation).keep.tap('KeepRecentHashedFiles', (asset) =>
        isRecentHashedFile(compiler.outputPath, asset, this.maxAgeMs) ? true : undefined,
      );
    });
  }
}
