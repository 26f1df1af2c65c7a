// The checkout remote's build: the remotes' one configuration (tools/webpack/remoteConfig.ts) with what
// this team exposes: its page to the shell, its coupon client to the cart (decision 0034).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../tools/webpack/remoteConfig.ts';

export default remoteConfig({
  name: 'checkout',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  standalonePort: 3204,
  exposes: {
    './CheckoutPage': './src/checkout-page/CheckoutPage.tsx',
    './couponClient': './src/coupon-client/couponClient.ts',
  },
});
