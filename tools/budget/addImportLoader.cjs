// Webpack loader for the budget's scratch builds (scratchBuild.ts): gives one screen an import it
// does not have, kept alive so that minification cannot drop it, as a developer adding a dependency would.
module.exports = function addImport(source) {
  const { dependency } = this.getOptions();
  return `import * as budgetProbe from ${JSON.stringify(dependency)};\n(globalThis as Record<string, unknown>).budgetProbe = budgetProbe;\n${source}`;
};
