import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * A module's runtime exports, each with its deprecation: the text of its JSDoc `@deprecated` tag
 * (what to use instead, when it goes; '' for a bare tag), or undefined when it is not deprecated.
 */
type ExportTable = Map<string, string | undefined>;

/**
 * The runtime names a TypeScript module exports, read from its source with the TypeScript parser:
 * what another bundle can import from it at run time. Type-only exports are left out (they vanish
 * when compiled); `export * from './x'` is followed into the relative module. What the shell
 * provides to remotes (shared-events' entry points, its router subset) and the shared-events
 * exports snapshot are read with it.
 */
export function exportedNames(file: string): string[] {
  return [...exportTable(path.resolve(file), new Map()).keys()].sort();
}

/**
 * The exports of a module marked `@deprecated` (on their declaration, or on the name in an export
 * list) -> the tag's text. The gate reports a release that still imports one; removing it is a
 * major version, once no live release imports it (shared-events/README.md).
 */
export function deprecatedExports(file: string): Record<string, string> {
  const deprecated = [...exportTable(path.resolve(file), new Map())].filter((entry): entry is [string, string] => entry[1] !== undefined);
  return Object.fromEntries(deprecated.sort(([a], [b]) => a.localeCompare(b)));
}

interface PackageEntry {
  specifier: string;
  file: string;
}

/** A package's TypeScript entry points (its package.json `exports`), by import specifier (`shared-events`, `shared-events/react`, …). */
function packageEntries(packageDir: string): PackageEntry[] {
  const { name, exports } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> };
  return Object.entries(exports)
    .filter(([, target]) => /\.tsx?$/.test(target))
    .map(([entry, target]) => ({ specifier: entry === '.' ? name : `${name}/${entry.replace(/^\.\//, '')}`, file: path.join(packageDir, target) }));
}

/** Each TypeScript entry point of a package, by import specifier -> the runtime names it exports. */
export function packageEntryExports(packageDir: string): Record<string, string[]> {
  return Object.fromEntries(packageEntries(packageDir).map(({ specifier, file }) => [specifier, exportedNames(file)]));
}

/** Each entry point of a package that has deprecated exports -> those exports and their notes. */
export function packageEntryDeprecations(packageDir: string): Record<string, Record<string, string>> {
  return Object.fromEntries(
    packageEntries(packageDir)
      .map(({ specifier, file }) => [specifier, deprecatedExports(file)] as const)
      .filter(([, deprecated]) => Object.keys(deprecated).length > 0),
  );
}

const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
const hasDefault = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
const isTypeOnlyDeclaration = (node: ts.Node) => ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node);
// `declare …` and `const enum` are erased by the compiler: nothing to import at run time.
const hasNoRuntimeValue = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some(
    (modifier) => modifier.kind === ts.SyntaxKind.DeclareKeyword || (modifier.kind === ts.SyntaxKind.ConstKeyword && ts.isEnumDeclaration(node)),
  );

/** A relative module as the bundler finds it: the path as written, or with a TypeScript extension or index. */
function resolveRelative(from: string, request: string): string {
  const base = path.resolve(path.dirname(from), request);
  const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${from}: cannot find the module ${request} it re-exports`);
  return found;
}

/** The text of a node's `@deprecated` tag, or undefined without one. */
function deprecation(node: ts.Node): string | undefined {
  const tag = ts.getJSDocDeprecatedTag(node);
  return tag ? (ts.getTextOfJSDocComment(tag.comment) ?? '').trim() : undefined;
}

/** The deprecation of a local declaration named `name` in `source` (exported later by an export list). */
function localDeprecation(source: ts.SourceFile, name: string): string | undefined {
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      const declaration = statement.declarationList.declarations.find((candidate) => boundNames(candidate.name).includes(name));
      if (declaration) return deprecation(statement);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name?.text === name) {
      return deprecation(statement);
    }
  }
  return undefined;
}

function exportTable(file: string, tables: Map<string, ExportTable>): ExportTable {
  const known = tables.get(file);
  if (known) return known;
  const table: ExportTable = new Map();
  // Set before reading, so a cycle of `export *` ends here.
  tables.set(file, table);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const localTypes = new Set(
    source.statements
      .filter((node) => ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node))
      .map((node) => (node as ts.InterfaceDeclaration).name.text),
  );
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      // Only a module of this package can be followed (for its names and their deprecations).
      const relative = from?.startsWith('.') ? exportTable(resolveRelative(file, from), tables) : undefined;
      if (!statement.exportClause) {
        if (!relative) throw new Error(`${file}: cannot list the names of export * from '${from}'; name them instead`);
        for (const [name, note] of relative) if (name !== 'default') table.set(name, note);
      } else if (ts.isNamespaceExport(statement.exportClause)) {
        table.set(statement.exportClause.name.text, deprecation(statement));
      } else {
        for (const element of statement.exportClause.elements) {
          const local = (element.propertyName ?? element.name).text;
          if (element.isTypeOnly || (from === undefined && localTypes.has(local))) continue;
          const inherited = relative ? relative.get(local) : from === undefined ? localDeprecation(source, local) : undefined;
          table.set(element.name.text, deprecation(element) ?? inherited);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      if (!statement.isExportEquals) table.set('default', deprecation(statement));
    } else if (hasExport(statement) && !isTypeOnlyDeclaration(statement) && !hasNoRuntimeValue(statement)) {
      if (hasDefault(statement)) table.set('default', deprecation(statement));
      else if (ts.isVariableStatement(statement)) {
        // A variable statement's doc comment is every one of its names'.
        for (const declaration of statement.declarationList.declarations) {
          for (const name of boundNames(declaration.name)) table.set(name, deprecation(statement));
        }
      } else if (
        (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) &&
        statement.name
      ) {
        table.set(statement.name.text, deprecation(statement));
      }
    }
  }
  return table;
}

function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}
