/**
 * The file a remote's build writes beside its mf-manifest.json (tools/webpack/sharedImports.ts) and a
 * release records in release.json: each shared singleton's export names the build uses, which the
 * promotion gate checks against the live shell.
 */
export const SHARED_IMPORTS_FILE = 'shared-imports.json';

/** Shared module (its share key: 'shared-events', 'react/jsx-runtime', …) -> the export names used. */
export type SharedImports = Record<string, string[]>;
