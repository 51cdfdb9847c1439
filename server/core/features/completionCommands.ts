/**
 * Command and option-key completion, and the markdown that describes a command or an option (shared
 * with hover and signature help so that all three say the same thing).
 */
import { COMMANDS, type CommandDef, type OperandForm, type OptionDef } from '../catalog/index';
import { type CompletionSite } from './completionSite';
import { CompletionKind, type CompletionEntry } from './completionTypes';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';
import { ENGLISH_WORDING, type Wording } from '../l10n/wording';

/** Built markdown per wording and command: the tables are fixed, so each is worded once. */
const markdownCache = new WeakMap<Wording, Map<CommandDef, string>>();

/**
 * Markdown describing a command: what it does, its operand forms and its options, in the language of
 * `w` (built once per command and language).
 */
export function commandMarkdown(def: CommandDef, w: Wording = ENGLISH_WORDING): string {
  let byCommand = markdownCache.get(w);
  if (!byCommand) {
    byCommand = new Map();
    markdownCache.set(w, byCommand);
  }
  let cached = byCommand.get(def);
  if (cached === undefined) {
    cached = buildCommandMarkdown(def, w);
    byCommand.set(def, cached);
  }
  return cached;
}

const codeList = (names: readonly string[]): string => names.map((n) => `\`${n}\``).join(', ');

function buildCommandMarkdown(def: CommandDef, w: Wording): string {
  const { labels } = w;
  const lines = [`**${def.name}** — ${labels.commandHeading(def.stage)}`, '', w.text(def.description)];
  if (def.deprecated)
    lines.push(
      '',
      labels.deprecatedNote(w.text(def.deprecated.reason), def.deprecated.replacedBy.join(', ')),
    );
  if (def.aliases.length > 0) lines.push('', labels.alsoWritten(codeList(def.aliases)));
  const forms = def.operands.map((f) => `- \`${f.example}\``);
  if (forms.length > 0) lines.push('', labels.forms, ...forms);
  if (def.options.length > 0)
    lines.push('', labels.options, ...def.options.map((o) => `- \`${o.name}\` — ${w.text(o.description)}`));
  if (def.freeOptionKeys) lines.push('', labels.anyKey(w.text(def.freeOptionKeys.keyMeaning)));
  return lines.join('\n');
}

/** Markdown describing one option key of a command, in the language of `w`. */
export function optionMarkdown(def: CommandDef, option: OptionDef, w: Wording = ENGLISH_WORDING): string {
  const { labels } = w;
  const lines = [
    `**${option.name}** — ${labels.optionHeading(def.name, option.valueKind)}`,
    '',
    w.text(option.description),
  ];
  if (option.aliases?.length) lines.push('', labels.alsoWritten(codeList(option.aliases)));
  if (option.values?.length) lines.push('', labels.values(codeList(option.values)));
  if (option.required) lines.push('', labels.required);
  if (option.confidence !== 'documented') lines.push('', labels.confidenceNote(option.confidence));
  return lines.join('\n');
}

function objectSnippet(def: CommandDef): string {
  const required = def.options.filter((o) => o.required);
  if (required.length === 0) return '{${1}}';
  return `{${required.map((o, i) => `${o.name}: \${${i + 1}}`).join(', ')}}`;
}

function formSnippet(def: CommandDef, form: OperandForm | undefined): string {
  switch (form?.kind) {
    case undefined:
    case 'none':
      return '';
    case 'object':
    case 'categoryMap':
      return ` ${objectSnippet(def)}`;
    case 'list':
      return ' [${1}]';
    case 'pairList':
      return ' [[${1:src}, ${2:dst}]]';
    default:
      return ' ${1}';
  }
}

/** The snippet a command completes to: its most useful operand form with tab stops. */
export function commandSnippet(def: CommandDef): string {
  const first = def.operands[0];
  const useFirst = first?.kind === 'none' && (def.stage === 'load' || def.operands.length === 1);
  const form = useFirst ? first : def.operands.find((f) => f.kind !== 'none');
  return `${def.name}${formSnippet(def, form)}`;
}

function stageRank(def: CommandDef, beforeLoad: boolean): number {
  if (def.stage === 'structure') return 3;
  if (beforeLoad) return def.stage === 'process' ? 2 : 0;
  return def.stage === 'process' ? 0 : 1;
}

function restOfLineBlank(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') return true;
    if (c !== ' ' && c !== '\t' && c !== '\r') return false;
  }
  return true;
}

/** Command names, with snippet operands when the rest of the line is empty. */
export function commandItems(
  analysis: DocumentAnalysis,
  site: CompletionSite,
  w: Wording = ENGLISH_WORDING,
): CompletionEntry[] {
  const withOperand = restOfLineBlank(analysis.text, site.replaceRange.end);
  const defs = COMMANDS.filter((d) => d.name !== 'END' || site.sub !== null);
  return defs.map((def) => {
    const rank = stageRank(def, site.beforeLoad) + (def.serviceBundled ? 4 : 0);
    const insert = withOperand ? commandSnippet(def) : def.name;
    return {
      label: def.name,
      kind: CompletionKind.command,
      detail: `${w.labels.stage[def.stage]} · ${def.operands[0]?.example ?? def.name}`,
      documentation: commandMarkdown(def, w),
      insertText: insert,
      snippet: insert !== def.name,
      sortText: `${rank}${def.name}`,
      range: site.replaceRange,
      ...(def.deprecated ? { deprecated: true } : {}),
    };
  });
}

/** Option keys of the command (or of the nested object) that are not written yet. */
export function optionKeyItems(
  _analysis: DocumentAnalysis,
  site: CompletionSite,
  w: Wording = ENGLISH_WORDING,
): CompletionEntry[] {
  const def = site.command;
  if (!def) return [];
  return site.keyOptions
    .filter((o) => !site.writtenKeys.has(o.name))
    .map((o) => ({
      label: o.name,
      kind: CompletionKind.option,
      detail: `${def.name} · ${o.valueKind}${o.required ? ` · ${w.labels.requiredDetail}` : ''}`,
      documentation: optionMarkdown(def, o, w),
      insertText: `${o.name}: `,
      sortText: `${o.required ? 0 : o.confidence === 'documented' ? 1 : 2}${o.name}`,
      range: site.replaceRange,
    }));
}
