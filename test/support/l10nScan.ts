// Finds the user-visible strings of TypeScript sources by syntax tree: the keys of t('…') and every
// English sentence that reaches a place a user reads without going through t(). The places are the
// arguments of notifications and chat streams, the text properties of quick picks, input boxes, tree
// items, progress and status bar items, `problem:`/`message:` properties, validators' returns and
// thrown errors; from there the scan follows ternaries, `+`, `??`, template literals, arrays, constants
// (through imports), the properties of tables (typed ones too, read from the table's literal by name) and
// the returns of the functions called, so a sentence cannot hide behind a name.
import * as ts from 'typescript';

/** A text shown without translation, or a t() call whose key the bundles cannot hold. */
export interface Leak {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** What the scan found: the t() keys with where each is used, and the leaks. */
export interface ScanResult {
  readonly keys: Map<string, string>;
  readonly leaks: Leak[];
}

/** Properties whose value a user reads (QuickPickItem, InputBox, TreeItem, progress, problems). */
const SHOWN_PROPERTIES = new Set([
  'label',
  'description',
  'detail',
  'placeHolder',
  'placeholder',
  'title',
  'prompt',
  'tooltip',
  'problem',
  'message',
  'validationMessage',
]);

/** Calls whose arguments a user reads. `message` is the extension's Ui (its first argument is a level). */
const SHOWN_CALLS = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'setStatusBarMessage',
  'message',
  'markdown',
  'progress',
  'createWebviewPanel',
]);

/** Constructors whose first argument a user reads (an Error's message reaches notifications). */
const SHOWN_CONSTRUCTORS = /(?:Error|TreeItem|MarkdownString)$/;

/** Names and protocol words that stay as they are in every language. */
const KEPT = new Set(
  'MXQL mxql MQL Demo HTTP HTTPS JSON CSV TSV HTML URL API Open TLS pcode oid ms etime stime'.split(' '),
);

/**
 * Calls whose first argument is an English template the bundles hold (`t('…')`, and the texts as data
 * that a UI layer says through t() by their template).
 */
export const KEY_CALLS = new Set(['t', 'templateText', 'NotebookFormatError']);

/** True when `text` holds English words: a sentence, or a capitalised word such as a button title. */
export function isEnglish(text: string): boolean {
  const words = text
    .replace(/\{[\w.]+\}/g, ' ')
    .replace(/\$\([a-z-~]+\)/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\b[\w-]+(?:\.[\w-]+)+\b/g, ' ');
  const found = [...words.matchAll(/[A-Za-z]{2,}/g)].map((m) => m[0]).filter((w) => !KEPT.has(w));
  if (found.length === 0) return false;
  // One lowercase token is a kind, an id or an icon name ('error', 'pulse', 'mxqlValue'), not prose.
  return !/^\s*[a-z][\w-]*\s*$/.test(text);
}

const lineOf = (node: ts.Node): number =>
  node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;

const nameOf = (name: ts.Node | undefined): string | undefined =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name))
    ? name.text
    : undefined;

/** The called name: `t` of `t(…)`, `showErrorMessage` of `vscode.window.showErrorMessage(…)`. */
function calleeName(call: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/**
 * Scans `files` of `program`. `owned(file)` says which files' declarations the scan follows into
 * (declarations elsewhere belong to other families: the API client's and the planner's texts).
 */
export function scanProgram(
  program: ts.Program,
  files: readonly string[],
  owned: (fileName: string) => boolean,
  name: (fileName: string) => string = (f) => f,
): ScanResult {
  const checker = program.getTypeChecker();
  const keys = new Map<string, string>();
  const leaks: Leak[] = [];
  const reported = new Set<ts.Node>();
  const followed = new Set<ts.Node>();

  const leak = (node: ts.Node, text: string): void => {
    if (reported.has(node)) return;
    reported.add(node);
    leaks.push({ file: name(node.getSourceFile().fileName), line: lineOf(node), text });
  };

  /** The declaration a name stands for, when the scan may follow it. */
  function declarationOf(node: ts.Node): ts.Declaration | undefined {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    return declaration && owned(declaration.getSourceFile().fileName) ? declaration : undefined;
  }

  /** Checks what a function returns (a validator, a helper building a label). */
  function checkReturns(fn: ts.Node): void {
    if (followed.has(fn)) return;
    followed.add(fn);
    if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return check(fn.body);
    const body = (fn as ts.FunctionLikeDeclaration).body;
    if (!body) return;
    const visit = (node: ts.Node): void => {
      if (ts.isReturnStatement(node) && node.expression) check(node.expression);
      if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
  }

  /** Checks every value assigned to `declaration` later (`this.crash = …`, `let text; text = …`). */
  function checkAssignments(declaration: ts.Declaration): void {
    const visit = (node: ts.Node): void => {
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const target = ts.isPropertyAccessExpression(node.left) ? node.left.name : node.left;
        let symbol = checker.getSymbolAtLocation(target);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        if (symbol?.valueDeclaration === declaration) check(node.right);
      }
      ts.forEachChild(node, visit);
    };
    visit(declaration.getSourceFile());
  }

  let callsByCallee: Map<ts.Node, ts.CallExpression[]> | undefined;

  /** Every call of the scanned files, by the declaration of what it calls (built once). */
  function callsOf(fn: ts.Node): readonly ts.CallExpression[] {
    if (!callsByCallee) {
      const index = new Map<ts.Node, ts.CallExpression[]>();
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node)) {
          const called = ts.isPropertyAccessExpression(node.expression)
            ? node.expression.name
            : node.expression;
          const declaration = declarationOf(called);
          if (declaration) index.set(declaration, [...(index.get(declaration) ?? []), node]);
        }
        ts.forEachChild(node, visit);
      };
      for (const file of files) {
        const source = program.getSourceFile(file);
        if (source) visit(source);
      }
      callsByCallee = index;
    }
    return callsByCallee.get(fn) ?? [];
  }

  /** A parameter holds what its callers pass: the matching argument of every call of its function. */
  function checkParameter(parameter: ts.ParameterDeclaration): void {
    const fn = parameter.parent;
    const position = fn.parameters.indexOf(parameter);
    if (parameter.dotDotDotToken || !ts.isIdentifier(parameter.name)) return;
    // A function is called by its own name, or by the name of the constant holding it.
    const holder = ts.isVariableDeclaration(fn.parent) ? fn.parent : fn;
    for (const call of callsOf(holder)) {
      const argument = call.arguments[position];
      if (argument) check(argument);
    }
  }

  /** Follows a declaration to the values it holds. */
  function checkDeclaration(declaration: ts.Declaration): void {
    if (ts.isFunctionLike(declaration)) return checkReturns(declaration);
    if (followed.has(declaration)) return;
    followed.add(declaration);
    if (ts.isParameter(declaration)) return checkParameter(declaration);
    if (
      ts.isPropertyDeclaration(declaration) ||
      (ts.isVariableDeclaration(declaration) && !declaration.initializer)
    )
      checkAssignments(declaration);
    if (
      ts.isVariableDeclaration(declaration) &&
      ts.isVariableDeclarationList(declaration.parent) &&
      !(declaration.parent.flags & ts.NodeFlags.Const)
    )
      checkAssignments(declaration);
    if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const init = declaration.initializer;
      return ts.isFunctionLike(init) ? checkReturns(init) : check(init);
    }
    if (ts.isBindingElement(declaration)) {
      let parent: ts.Node = declaration.parent;
      while (
        ts.isBindingElement(parent) ||
        ts.isObjectBindingPattern(parent) ||
        ts.isArrayBindingPattern(parent)
      )
        parent = parent.parent;
      if (ts.isVariableDeclaration(parent) && parent.initializer) check(parent.initializer);
      return;
    }
    if (
      (ts.isPropertyAssignment(declaration) || ts.isPropertyDeclaration(declaration)) &&
      declaration.initializer
    )
      check(declaration.initializer);
  }

  /** Reports every English text that `expr` can evaluate to. */
  function check(expr: ts.Expression): void {
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
      if (isEnglish(expr.text)) leak(expr, expr.text);
      return;
    }
    if (ts.isTemplateExpression(expr)) {
      const words = [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)].join(' ');
      if (isEnglish(words)) leak(expr, expr.getText());
      for (const span of expr.templateSpans) check(span.expression);
      return;
    }
    if (
      ts.isParenthesizedExpression(expr) ||
      ts.isAsExpression(expr) ||
      ts.isNonNullExpression(expr) ||
      ts.isSatisfiesExpression(expr) ||
      ts.isTypeAssertionExpression(expr) ||
      ts.isAwaitExpression(expr)
    )
      return check(expr.expression);
    if (ts.isConditionalExpression(expr)) {
      check(expr.whenTrue);
      check(expr.whenFalse);
      return;
    }
    if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind;
      if (
        op === ts.SyntaxKind.PlusToken ||
        op === ts.SyntaxKind.QuestionQuestionToken ||
        op === ts.SyntaxKind.BarBarToken ||
        op === ts.SyntaxKind.AmpersandAmpersandToken
      ) {
        check(expr.left);
        check(expr.right);
      }
      return;
    }
    if (ts.isArrayLiteralExpression(expr)) {
      for (const element of expr.elements) check(ts.isSpreadElement(element) ? element.expression : element);
      return;
    }
    if (ts.isObjectLiteralExpression(expr)) {
      // A table read by a computed key (`TITLES[kind]`): every value may be shown.
      for (const property of expr.properties)
        if (ts.isPropertyAssignment(property)) check(property.initializer);
      return;
    }
    if (ts.isElementAccessExpression(expr)) return check(expr.expression);
    if (ts.isCallExpression(expr)) {
      const callee = calleeName(expr);
      if (callee && KEY_CALLS.has(callee) && ts.isIdentifier(expr.expression)) return;
      const called = expr.expression;
      // `[a, b].filter(Boolean).join(' ')`, `text.trim()`: what the receiver holds is shown.
      if (ts.isPropertyAccessExpression(called)) {
        const declaration = declarationOf(called.name);
        if (declaration) return checkDeclaration(declaration);
        return check(called.expression);
      }
      const declaration = declarationOf(called);
      if (declaration) checkDeclaration(declaration);
      return;
    }
    if (ts.isPropertyAccessExpression(expr)) {
      const declaration = declarationOf(expr.name);
      if (declaration && !isTypeMember(declaration)) return checkDeclaration(declaration);
      // A property of a typed table (`TABLE.open.title` where TABLE is a `Record<…, Entry>`) resolves to
      // the type's member, which holds no text: read the property from the table's own literal instead.
      for (const value of propertyValues(expr.expression, expr.name.text)) check(value);
      return;
    }
    if (ts.isIdentifier(expr)) {
      const declaration = declarationOf(expr);
      if (declaration) checkDeclaration(declaration);
    }
  }

  /** A member of a type (an interface's or a type literal's), as opposed to a value's own property. */
  function isTypeMember(declaration: ts.Declaration): boolean {
    return ts.isPropertySignature(declaration) || ts.isIndexSignatureDeclaration(declaration);
  }

  /** The object literals `expr` evaluates to, followed through names, imports, `as`, and table reads. */
  function objectLiteralsOf(expr: ts.Expression, seen = new Set<ts.Node>()): ts.ObjectLiteralExpression[] {
    if (seen.has(expr)) return [];
    seen.add(expr);
    if (ts.isObjectLiteralExpression(expr)) return [expr];
    if (
      ts.isParenthesizedExpression(expr) ||
      ts.isAsExpression(expr) ||
      ts.isNonNullExpression(expr) ||
      ts.isSatisfiesExpression(expr) ||
      ts.isTypeAssertionExpression(expr)
    )
      return objectLiteralsOf(expr.expression, seen);
    if (ts.isIdentifier(expr)) {
      const declaration = declarationOf(expr);
      return declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
        ? objectLiteralsOf(declaration.initializer, seen)
        : [];
    }
    if (ts.isPropertyAccessExpression(expr)) {
      const declaration = declarationOf(expr.name);
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
        return objectLiteralsOf(declaration.initializer, seen);
      return propertyValues(expr.expression, expr.name.text, seen).flatMap((v) => objectLiteralsOf(v, seen));
    }
    // `TABLE[kind]`: any of the table's entries.
    if (ts.isElementAccessExpression(expr))
      return objectLiteralsOf(expr.expression, seen)
        .flatMap((table) => table.properties)
        .filter(ts.isPropertyAssignment)
        .flatMap((property) => objectLiteralsOf(property.initializer, seen));
    return [];
  }

  /** The values property `key` holds in the object literals `receiver` evaluates to. */
  function propertyValues(receiver: ts.Expression, key: string, seen = new Set<ts.Node>()): ts.Expression[] {
    return objectLiteralsOf(receiver, seen).flatMap((table) =>
      table.properties
        .filter(ts.isPropertyAssignment)
        .filter((property) => nameOf(property.name) === key)
        .map((property) => property.initializer),
    );
  }

  function visit(node: ts.Node): void {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = calleeName(node);
      const args = node.arguments ?? [];
      if (callee && KEY_CALLS.has(callee) && ts.isIdentifier(node.expression)) {
        const [key, ...values] = args;
        if (key && (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)))
          keys.set(key.text, `${name(node.getSourceFile().fileName)}:${lineOf(node)}`);
        // A text as data is said by its English template: `t(text.template, …)`.
        else if (!(key && ts.isPropertyAccessExpression(key) && key.name.text === 'template'))
          leak(node, `${callee}() needs a literal template: ${node.getText()}`);
        // The values are names and numbers; a sentence among them is shown untranslated.
        for (const value of values) check(value);
      } else if (ts.isCallExpression(node) && callee && SHOWN_CALLS.has(callee)) {
        args.forEach((arg, i) => {
          if (!(callee === 'message' && i === 0)) check(arg);
        });
      } else if (ts.isNewExpression(node) && callee && SHOWN_CONSTRUCTORS.test(callee) && args[0]) {
        check(args[0]);
      }
    }
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const property = nameOf(node.name);
      if (property === 'validateInput' && ts.isPropertyAssignment(node)) {
        const value = node.initializer;
        if (ts.isFunctionLike(value)) checkReturns(value);
        else {
          const declaration = declarationOf(value);
          if (declaration) checkDeclaration(declaration);
        }
      } else if (property && SHOWN_PROPERTIES.has(property)) {
        if (ts.isPropertyAssignment(node)) check(node.initializer);
        else {
          const declaration = checker.getShorthandAssignmentValueSymbol(node)?.valueDeclaration;
          if (declaration && owned(declaration.getSourceFile().fileName)) checkDeclaration(declaration);
        }
      }
    }
    // `item.text = …`, `item.tooltip = …` on status bar and tree items.
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      (SHOWN_PROPERTIES.has(node.left.name.text) || node.left.name.text === 'text')
    )
      check(node.right);
    ts.forEachChild(node, visit);
  }

  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not in the program: ${file}`);
    visit(source);
  }
  leaks.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { keys, leaks };
}

/** A program over `files` for the scan (types are not checked, only names resolved). */
export function scanProgramOf(files: readonly string[], host?: ts.CompilerHost): ts.Program {
  const options: ts.CompilerOptions = {
    noEmit: true,
    allowJs: false,
    skipLibCheck: true,
    resolveJsonModule: true,
    esModuleInterop: true,
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
  return ts.createProgram({ rootNames: [...files], options, ...(host ? { host } : {}) });
}

/** The first string argument of every call of `callee` (`apiText`, `runText`, …) in `files`. */
export function literalArguments(program: ts.Program, files: readonly string[], callee: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && calleeName(node) === callee) {
      const [first] = node.arguments ?? [];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)))
        found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source) visit(source);
  }
  return found;
}
