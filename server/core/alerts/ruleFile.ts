/**
 * A drafted rule proposed as an edit of an event-rule file: the file's new text with the rule appended
 * to its rules array (the top value, or an array under a key of the top object), written in the file's
 * own layout (its indentation unit, its line ends, one-line objects where the file writes them so) and
 * every other byte kept. No file yet means a new file holding the rule. A text that is not a rule file
 * (not JSON, or JSON with no rules array) is refused and no text is produced: the caller changes nothing.
 * Pure; the caller reads and (after the user accepts) writes the file.
 */
import { templateText } from '../../../common/templateText';
import { findEventRules } from '../embedded/eventRules';
import { parseJsonTree, type JsonArrayNode, type JsonNode } from '../embedded/jsonQueries';
import type { AlertProblem } from './draft';

/** The proposed text, or why there is none. */
export type RuleFileEdit =
  | {
      readonly ok: true;
      /** The whole new text of the file. */
      readonly text: string;
      /** True when there was no file (or an empty one): the text is a new file. */
      readonly created: boolean;
      /** JSON pointer of the appended rule, e.g. `/3` or `/rules/0`. */
      readonly pointer: string;
      /** Rules in the new text. */
      readonly ruleCount: number;
    }
  | { readonly ok: false; readonly problem: AlertProblem };

const notARuleFile = (why: string): RuleFileEdit => ({
  ok: false,
  problem: {
    code: 'alert/not-a-rule-file',
    text: templateText(
      'This file is not an event-rule file ({0}): a rule file is a JSON array of rules, or an object holding one. Nothing was changed.',
      why,
    ),
  },
});

const isRuleObject = (node: JsonNode): boolean =>
  node.kind === 'object' &&
  node.members.some((m) => m.key.text === 'rule') &&
  node.members.some((m) => m.key.text === 'category');

/** The array the rule goes into, or why the text has none. */
function rulesArray(root: JsonNode): JsonArrayNode | string {
  if (root.kind === 'array') {
    if (root.items.length === 0 || root.items.some(isRuleObject)) return root;
    return 'its array holds no rule objects with "category" and "rule"';
  }
  if (root.kind === 'object') {
    const arrays = root.members.map((m) => ({ key: m.key.text, value: m.value }));
    const withRules = arrays.find((m) => m.value.kind === 'array' && m.value.items.some(isRuleObject));
    if (withRules) return withRules.value as JsonArrayNode;
    const empty = arrays.find(
      (m) => m.value.kind === 'array' && m.value.items.length === 0 && /rule/i.test(m.key),
    );
    if (empty) return empty.value as JsonArrayNode;
    return 'its object holds no array of rules';
  }
  return `its top value is a ${root.kind === 'string' ? 'string' : 'literal'}`;
}

/** The whitespace before `offset` on its line, when only whitespace precedes it there. */
function indentBefore(text: string, offset: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  return /^[ \t]*$/.test(before) ? before : undefined;
}

/** The leading whitespace of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** The file's indentation unit: the first indented line's whitespace, else two spaces. */
function fileUnit(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  return m?.[1] ?? '  ';
}

/** `{ "a": 1, "b": "x" }`: an object on one line, as files that write their rules so. */
function oneLine(rule: Readonly<Record<string, unknown>>): string {
  const members = Object.entries(rule).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{ ${members.join(', ')} }`;
}

/** The rule over several lines, indented by `unit` under `base`, with the file's line ends. */
function block(rule: Readonly<Record<string, unknown>>, unit: string, base: string, eol: string): string {
  return JSON.stringify(rule, null, unit).split('\n').join(`${eol}${base}`);
}

/** Appends `rule` to the rules of `existing` (undefined or blank: a new file). See the module header. */
export function proposeRuleFileEdit(
  existing: string | undefined,
  rule: Readonly<Record<string, unknown>>,
): RuleFileEdit {
  if (existing === undefined || existing.trim() === '') {
    const text = `[\n  ${block(rule, '  ', '  ', '\n')}\n]\n`;
    return { ok: true, text, created: true, pointer: '/0', ruleCount: 1 };
  }
  try {
    JSON.parse(existing);
  } catch (error) {
    return notARuleFile(`it is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { root } = parseJsonTree(existing);
  if (!root) return notARuleFile('it holds no JSON value');
  const array = rulesArray(root);
  if (typeof array === 'string') return notARuleFile(array);
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  const before = findEventRules(existing).rules.length;
  const index = array.items.length;
  let text: string;
  const last = array.items[array.items.length - 1];
  const first = array.items[0];
  if (last && first) {
    const itemIndent = indentBefore(existing, first.start);
    if (itemIndent === undefined) {
      // Items that follow the bracket on its line: the rule joins them on the line.
      text = `${existing.slice(0, last.end)}, ${oneLine(rule)}${existing.slice(last.end)}`;
    } else {
      const member = first.kind === 'object' ? first.members[0] : undefined;
      const memberIndent = member ? indentBefore(existing, member.key.token.start) : undefined;
      const written =
        member && memberIndent === undefined
          ? oneLine(rule)
          : block(
              rule,
              memberIndent !== undefined &&
                memberIndent.startsWith(itemIndent) &&
                memberIndent.length > itemIndent.length
                ? memberIndent.slice(itemIndent.length)
                : fileUnit(existing),
              itemIndent,
              eol,
            );
      text = `${existing.slice(0, last.end)},${eol}${itemIndent}${written}${existing.slice(last.end)}`;
    }
  } else {
    const close = lineIndent(existing, array.start);
    const unit = fileUnit(existing);
    const itemIndent = close + unit;
    const inner = `[${eol}${itemIndent}${block(rule, unit, itemIndent, eol)}${eol}${close}]`;
    text = `${existing.slice(0, array.start)}${inner}${existing.slice(array.end)}`;
  }
  const after = findEventRules(text).rules.length;
  return {
    ok: true,
    text,
    created: false,
    pointer: `${array.pointer}/${index}`,
    ruleCount: Math.max(after, before + 1),
  };
}
