import { jestOutcomes, playwrightOutcomes, summarize } from './summary.ts';

const jestReport = {
  numPassedTests: 2,
  numFailedTests: 1,
  testResults: [
    {
      name: '/repo/shell/server/gateway.test.ts',
      assertionResults: [
        { fullName: 'gateway serves pages', status: 'passed', duration: 120 },
        { fullName: 'gateway refuses maps', status: 'failed', duration: 40 },
        { fullName: 'gateway later', status: 'pending', duration: null },
      ],
    },
    { name: '/repo/mf-cart/src/rules.test.ts', assertionResults: [{ fullName: 'rules add', status: 'passed', duration: 3 }] },
  ],
};

const playwright = {
  stats: { expected: 1, unexpected: 0, flaky: 1, skipped: 1, duration: 9000 },
  suites: [
    {
      title: 'cart.spec.ts',
      specs: [{ title: 'top level', file: 'cart.spec.ts', line: 3, tests: [{ status: 'expected', results: [{ duration: 5000, status: 'passed' }] }] }],
      suites: [
        {
          title: 'cart',
          specs: [
            {
              title: 'badge',
              file: 'cart.spec.ts',
              line: 10,
              tests: [
                {
                  status: 'flaky',
                  results: [
                    { duration: 3000, status: 'failed' },
                    { duration: 2000, status: 'passed' },
                  ],
                },
              ],
            },
            { title: 'skipped one', file: 'cart.spec.ts', line: 20, tests: [{ status: 'skipped', results: [] }] },
          ],
        },
      ],
    },
  ],
};

describe('the closing summary of npm test', () => {
  const outcomes = [...jestOutcomes(jestReport, '/repo'), ...playwrightOutcomes(playwright)];

  it('counts a browser test that passed only on a retry as failed, and names every failure', () => {
    const { lines, passed } = summarize(outcomes);
    expect(passed).toBe(false);
    expect(lines.at(-1)).toBe('3 passed, 2 failed');
    expect(lines).toContain('  ✘ shell/server/gateway.test.ts › gateway refuses maps');
    expect(lines).toContain('  ✘ e2e/cart.spec.ts:10 › cart › badge (passed only on a retry: flaky counts as failed)');
  });

  it('lists the slowest tests first, retries included in their time', () => {
    const { lines } = summarize(outcomes, 2);
    expect(lines.slice(lines.indexOf('Slowest 2:') + 1, -1)).toEqual([
      '    5.0 s  e2e/cart.spec.ts:3 › top level',
      '    5.0 s  e2e/cart.spec.ts:10 › cart › badge',
    ]);
  });

  it('passes with no failure', () => {
    expect(summarize(outcomes.filter((outcome) => outcome.ok))).toMatchObject({ passed: true });
  });
});
