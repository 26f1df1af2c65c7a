// Browser-side unit tests render in either language and switch between them at once, as if both
// catalogues had arrived: before a test file's tests run, every translator its modules made has both
// (a page loads the second on a switch). Server-side tests need nothing: a server loads every language.
if (typeof document !== 'undefined') {
  const { beforeAll } = require('@jest/globals');
  const { LANGUAGES, translationsReady } = require('shared-events');
  beforeAll(() => translationsReady(LANGUAGES));
}
