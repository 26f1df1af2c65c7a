import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jestOutcomes, playwrightOutcomes, summarize } from './summary.ts';

// Usage: node tools/test-report/cli.ts <jest-results.json> <playwright-results.json>
const [jestFile, playwrightFile] = process.argv.slice(2);
if (!jestFile || !playwrightFile) {
  console.error('Usage: node tools/test-report/cli.ts <jest-results.json> <playwright-results.json>');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const outcomes = [...jestOutcomes(JSON.parse(readFileSync(jestFile, 'utf8')), root), ...playwrightOutcomes(JSON.parse(readFileSync(playwrightFile, 'utf8')))];
const { lines, passed } = summarize(outcomes);
console.log(lines.join('\n'));
process.exit(passed ? 0 : 1);
