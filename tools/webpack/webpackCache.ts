import type { Configuration } from 'webpack';

/**
 * A filesystem cache keyed on the build's configuration files too: without them a changed option
 * (an alias, a define) was served from the cache of the old one until the cache folder was deleted.
 */
export const webpackCache = (cacheDirectory: string, ...configFiles: string[]): Configuration['cache'] => ({
  type: 'filesystem',
  cacheDirectory,
  buildDependencies: { config: configFiles },
});
