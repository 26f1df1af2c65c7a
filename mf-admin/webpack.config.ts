// The back office's build: the remotes' one configuration (tools/webpack/remoteConfig.ts) with what
// this team exposes to the shell. Client-rendered only: staff pages need the signed-in user's token,
// which the server render never has, so there are no serverExposes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../tools/webpack/remoteConfig.ts';

export default remoteConfig({
  name: 'admin',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  standalonePort: 3205,
  exposes: {
    './AdminApp': './src/AdminApp.tsx',
  },
});
