// The cart remote's build: the remotes' one configuration (tools/webpack/remoteConfig.ts) with what
// this team exposes to the shell.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../tools/webpack/remoteConfig.ts';

export default remoteConfig({
  name: 'cart',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  standalonePort: 3202,
  exposes: {
    './CartPage': './src/cart-page/CartPage.tsx',
    './MiniCart': './src/mini-cart/MiniCart.tsx',
  },
});
