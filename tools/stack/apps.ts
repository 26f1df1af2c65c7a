import path from 'node:path';

/** The five front-end builds, in the order they are built. */
export const frontEndApps = ['shell', 'mf-catalog', 'mf-cart', 'mf-account', 'mf-checkout'] as const;
export type FrontEndApp = (typeof frontEndApps)[number];

export function appDir(repoRoot: string, app: FrontEndApp): string {
  return path.join(repoRoot, app);
}
