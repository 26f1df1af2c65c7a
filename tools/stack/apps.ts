import path from 'node:path';
import { remoteNames, remoteWorkspace } from '../../shell/remotes.ts';

/** The front-end builds, in the order they are built: the shell, then every remote (shell/remotes.ts). */
export const frontEndApps = ['shell', ...remoteNames.map(remoteWorkspace)] as const;
export type FrontEndApp = (typeof frontEndApps)[number];

export function appDir(repoRoot: string, app: FrontEndApp): string {
  return path.join(repoRoot, app);
}
