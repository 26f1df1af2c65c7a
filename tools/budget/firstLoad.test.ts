import { describeScripts, overBudget, staffOrHarnessScripts, type FirstLoad } from './firstLoad.ts';

const load = (sizes: Record<string, number>): FirstLoad => {
  const scripts = Object.entries(sizes)
    .map(([path, gzipBytes]) => ({ url: `http://localhost:4000${path}`, gzipBytes }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0), liveMs: 500 };
};

test('a route within its budget passes, to the byte', () => {
  expect(overBudget('/shop', load({ '/assets/a.js': 100 * 1024, '/assets/b.js': 50 * 1024 }), 150)).toBeNull();
});

test('a route over its budget names the route, the figure, the budget and the largest scripts, largest first', () => {
  const message = overBudget('/cart-list', load({ '/assets/react-dom.js': 64 * 1024, '/remotes/cart/zod.js': 90 * 1024, '/assets/x.js': 512 }), 150);
  expect(message).toContain('/cart-list: 154.5 KiB gzip');
  expect(message).toContain('budget of 150 KiB');
  expect(message).toContain('shell/src/app/jsBudgets.ts');
  const lines = message!.split('\n').slice(1);
  expect(lines[0]).toMatch(/90\.0 KiB {2}\/remotes\/cart\/zod\.js$/);
  expect(lines[1]).toMatch(/64\.0 KiB {2}\/assets\/react-dom\.js$/);
});

test('the list of scripts stops at the largest few', () => {
  const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`/assets/${i}.js`, (i + 1) * 1024]));
  expect(describeScripts(load(many), 3).split('\n')).toHaveLength(3);
});

test("the back office's and the harnesses' scripts are told apart from the shop's", () => {
  const seen = load({
    '/remotes/admin/remoteEntry.js': 1,
    '/releases/admin/0.1.0-abc/__federation_expose_AdminApp.1234.js': 1,
    '/remotes/cart/standalone.1234.js': 1,
    '/remotes/catalog/__federation_expose_ShopPage.1234.js': 1,
    '/assets/main.1234.js': 1,
  });
  expect(staffOrHarnessScripts(seen).sort()).toEqual([
    '/releases/admin/0.1.0-abc/__federation_expose_AdminApp.1234.js',
    '/remotes/admin/remoteEntry.js',
    '/remotes/cart/standalone.1234.js',
  ]);
});
