/**
 * Command and option-key completion, and the markdown that describes a command or an option (shared
 * with hover and signature help so that all three say the same thing).
 */
import { COMMANDS, type CommandDef, type OperandForm, type OptionDef } from '../catalog/index';
import { type CompletionSite } from './completionSite';
import { CompletionKind, type CompletionEntry } from './completionTypes';
import { type DocumentAnalysis } from './languageService';

const STAGE_TITLES: Readonly<Record<CommandDef['stage'], string>> = {
  select: 'selection',
  load: 'loading',
  process: 'processing',
  structure: 'structure',
};

const markdownCache = new Map<CommandDef, string>();

/** Markdown describing a command: what it does, its operand forms and its options (built once per command). */
export function commandMarkdown(def: CommandDef): string {
  let cached = markdownCache.get(def);
  if (cached === undefined) {
    cached = buildCommandMarkdown(def);
    markdownCache.set(def, cached);
  }
  return cached;
}

function buildCommandMarkdown(def: CommandDef): string {
  const lines = [`**${def.name}** — ${STAGE_TITLES[def.stage]} command`, '', def.description];
  if (def.deprecated)
    lines.push('', `_Deprecated:_ ${def.deprecated.reason} Use ${def.deprecated.replacedBy.join(', ')}.`);
  if (def.aliases.length > 0)
    lines.push('', `Also written: ${def.aliases.map((a) => `\`${a}\``).join(', ')}`);
  const forms = def.operands.map((f) => `- \`${f.example}\``);
  if (forms.length > 0) lines.push('', 'Forms:', ...forms);
  if (def.options.length > 0)
    lines.push('', 'Options:', ...def.options.map((o) => `- \`${o.name}\` — ${o.description}`));
  if (def.freeOptionKeys) lines.push('', `Any key: ${def.freeOptionKeys.keyMeaning}.`);
  return lines.join('\n');
}

/** Markdown describing one option key of a command. */
export function optionMarkdown(def: CommandDef, option: OptionDef): string {
  const lines = [`**${option.name}** — option of ${def.name} (${option.valueKind})`, '', option.description];
  if (option.aliases?.length)
    lines.push('', `Also written: ${option.aliases.map((a) => `\`${a}\``).join(', ')}`);
  if (option.values?.length) lines.push('', `Values: ${option.values.map((v) => `\`${v}\``).join(', ')}`);
  if (option.required) lines.push('', 'Required.');
  if (option.confidence !== 'documented')
    lines.push('', `_${option.confidence} in real queries, not in the manual._`);
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
export function commandItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  const withOperand = restOfLineBlank(analysis.text, site.replaceRange.end);
  const defs = COMMANDS.filter((d) => d.name !== 'END' || site.sub !== null);
  return defs.map((def) => {
    const rank = stageRank(def, site.beforeLoad) + (def.serviceBundled ? 4 : 0);
    const insert = withOperand ? commandSnippet(def) : def.name;
    return {
      label: def.name,
      kind: CompletionKind.command,
      detail: `${STAGE_TITLES[def.stage]} · ${def.operands[0]?.example ?? def.name}`,
      documentation: commandMarkdown(def),
      insertText: insert,
      snippet: insert !== def.name,
      sortText: `${rank}${def.name}`,
      range: site.replaceRange,
      ...(def.deprecated ? { deprecated: true } : {}),
    };
  });
}

/** Option keys of the command (or of the nested object) that are not written yet. */
export function optionKeyItems(_analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  const def = site.command;
  if (!def) return [];
  return site.keyOptions
    .filter((o) => !site.writtenKeys.has(o.name))
    .map((o) => ({
      label: o.name,
      kind: CompletionKind.option,
      detail: `${def.name} · ${o.valueKind}${o.required ? ' · required' : ''}`,
      documentation: optionMarkdown(def, o),
      insertText: `${o.name}: `,
      sortText: `${o.required ? 0 : o.confidence === 'documented' ? 1 : 2}${o.name}`,
      range: site.replaceRange,
    }));
}
