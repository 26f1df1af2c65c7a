/**
 * The closing lines of `npm test`: one count for the whole suite, every failure by name (a browser
 * test that passed only on a retry counts as failed), and the slowest tests, so a suite that creeps
 * towards CI's limit shows where the time goes. Reads the JSON reports jest and Playwright write.
 */

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; duration?: number | null }[] }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { duration: number; status: string }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  suites: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; duration: number };
}

export interface TestOutcome {
  name: string;
  ok: boolean;
  /** Passed only after a retry. */
  flaky: boolean;
  ms: number;
}

export function jestOutcomes(report: JestReport, root: string): TestOutcome[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' || test.status === 'failed')
      .map((test) => ({ name: `${file.name.replace(`${root}/`, '')} › ${test.fullName}`, ok: test.status === 'passed', flaky: false, ms: test.duration ?? 0 })),
  );
}

export function playwrightOutcomes(report: PlaywrightReport): TestOutcome[] {
  const outcomes: TestOutcome[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'skipped') continue;
        const name = [`e2e/${spec.file.replace(/^e2e\//, '')}:${spec.line}`, ...titles, spec.title].join(' › ');
        outcomes.push({
          name,
          ok: test.status === 'expected',
          flaky: test.status === 'flaky',
          ms: test.results.reduce((sum, result) => sum + result.duration, 0),
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites) visit(suite, []);
  return outcomes;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The summary lines, and whether the suite passed. */
export function summarize(outcomes: TestOutcome[], slowest = 5): { lines: string[]; passed: boolean } {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const lines: string[] = [];
  if (failed.length) {
    lines.push('Failed:');
    for (const outcome of failed) lines.push(`  ✘ ${outcome.name}${outcome.flaky ? ' (passed only on a retry: flaky counts as failed)' : ''}`);
  }
  lines.push(`Slowest ${slowest}:`);
  for (const outcome of [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, slowest)) lines.push(`  ${seconds(outcome.ms).padStart(7)}  ${outcome.name}`);
  lines.push(`${outcomes.length - failed.length} passed, ${failed.length} failed`);
  return { lines, passed: failed.length === 0 };
}
