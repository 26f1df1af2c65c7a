// The checkout remote's build: the remotes' one configuration (tools/webpack/remoteConfig.ts) with what
// this team exposes to the shell.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../tools/webpack/remoteConfig.ts';

export default remoteConfig({
  name: 'checkout',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  standalonePort: 3204,
  exposes: {
    './CheckoutPage': './src/checkout-page/CheckoutPage.tsx',
  },
});
