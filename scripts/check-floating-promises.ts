/**
 * `npm run check:promises`: fails on a promise dropped as a statement (no await, no `void`, no `.catch`).
 * Services became async one aggregate at a time (ADR 0041); a forgotten await on, say, a privacy check
 * type-checks cleanly and lets the request through, so this gate reads the types the compiler infers.
 * Biome's floating-promise rule cannot follow our services' types across modules.
 */
import ts from 'typescript';

const configFile = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
);
if (!configFile) throw new Error('tsconfig.json could not be read');
const program = ts.createProgram(configFile.fileNames, configFile.options);
const checker = program.getTypeChecker();

function isPromise(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isPromise);
  const name = type.getSymbol()?.getName();
  return name === 'Promise' || name === 'PromiseLike';
}

/** `x = promise`, `x ??= promise` and the like keep the promise: not dropped. */
const isAssignment = (e: ts.Expression) =>
  ts.isBinaryExpression(e) &&
  e.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
  e.operatorToken.kind <= ts.SyntaxKind.LastAssignment;

/** A chain that ends in `.catch(…)` or `.then(…, onRejected)` handles its rejection. */
const isCaught = (e: ts.Expression) =>
  ts.isCallExpression(e) &&
  ts.isPropertyAccessExpression(e.expression) &&
  (e.expression.name.text === 'catch' || (e.expression.name.text === 'then' && e.arguments.length === 2));

const dropped: string[] = [];
for (const file of program.getSourceFiles()) {
  if (file.isDeclarationFile || file.fileName.includes('/node_modules/')) continue;
  const visit = (node: ts.Node) => {
    if (ts.isExpressionStatement(node)) {
      const e = node.expression;
      if (!ts.isVoidExpression(e) && !ts.isAwaitExpression(e) && !isAssignment(e) && !isCaught(e)) {
        if (isPromise(checker.getTypeAtLocation(e))) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
          const where = file.fileName.slice(process.cwd().length + 1);
          dropped.push(`${where}:${line + 1}: ${e.getText(file).split('\n')[0]!.slice(0, 100)}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

if (dropped.length) {
  console.error(
    `${dropped.length} promise(s) dropped: await them, or mark a deliberate fire-and-forget with void and handle its errors\n` +
      dropped.join('\n'),
  );
  process.exit(1);
}
console.log('no dropped promises');
