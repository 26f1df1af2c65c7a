import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The runtime names a TypeScript module exports, read from its source with the TypeScript parser:
 * what another bundle can import from it at run time. Type-only exports are left out (they vanish
 * when compiled); `export * from './x'` is followed into the relative module. What the shell
 * provides to remotes (shared-events' entry points, its router subset) and the shared-events
 * exports snapshot are read with it.
 */
export function exportedNames(file: string): string[] {
  const names = new Set<string>();
  collect(path.resolve(file), names, new Set());
  return [...names].sort();
}

/**
 * Each TypeScript entry point of a package (its package.json `exports`) by import specifier
 * (`shared-events`, `shared-events/react`, …) -> the runtime names it exports.
 */
export function packageEntryExports(packageDir: string): Record<string, string[]> {
  const { name, exports } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> };
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([, target]) => /\.tsx?$/.test(target))
      .map(([entry, target]) => [entry === '.' ? name : `${name}/${entry.replace(/^\.\//, '')}`, exportedNames(path.join(packageDir, target))]),
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

function collect(file: string, names: Set<string>, visited: Set<string>): void {
  if (visited.has(file)) return;
  visited.add(file);
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
      if (!statement.exportClause) {
        // `export * from '…'`: only a module of this package can be followed.
        if (!from?.startsWith('.')) throw new Error(`${file}: cannot list the names of export * from '${from}'; name them instead`);
        collect(resolveRelative(file, from), names, visited);
      } else if (ts.isNamespaceExport(statement.exportClause)) {
        names.add(statement.exportClause.name.text);
      } else {
        for (const element of statement.exportClause.elements) {
          const local = (element.propertyName ?? element.name).text;
          if (!element.isTypeOnly && (from !== undefined || !localTypes.has(local))) names.add(element.name.text);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      if (!statement.isExportEquals) names.add('default');
    } else if (hasExport(statement) && !isTypeOnlyDeclaration(statement) && !hasNoRuntimeValue(statement)) {
      if (hasDefault(statement)) names.add('default');
      else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) for (const name of boundNames(declaration.name)) names.add(name);
      } else if (
        (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) &&
        statement.name
      ) {
        names.add(statement.name.text);
      }
    }
  }
}

function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}
