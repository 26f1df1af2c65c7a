// The catalog remote's build: the remotes' one configuration (tools/webpack/remoteConfig.ts) with what
// this team exposes to the shell.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../tools/webpack/remoteConfig.ts';

export default remoteConfig({
  name: 'catalog',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  standalonePort: 3201,
  exposes: {
    './HomePage': './src/home/HomePage.tsx',
    './ShopPage': './src/shop/ShopPage.tsx',
    './ProductPage': './src/product/ProductPage.tsx',
    './SearchPage': './src/search/SearchPage.tsx',
    './SearchBox': './src/search-box/SearchBox.tsx',
    './WishlistPage': './src/product-lists/WishlistPage.tsx',
    './ComparePage': './src/product-lists/ComparePage.tsx',
    './CompareTray': './src/product-lists/CompareTray.tsx',
  },
  // The catalogue's pages, rendered on the server by the gateway (docs/server-rendering.md).
  serverExposes: ['./HomePage', './ShopPage', './ProductPage', './SearchPage'],
});
