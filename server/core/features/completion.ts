/**
 * Completion: {@link completionSite} decides what kind of thing belongs at the cursor, then each kind
 * is filled here from the catalog, the column flow at that line and the document itself. Unknown
 * columns are normal in real queries, so completion only ever adds suggestions: whatever the user
 * types stays acceptable.
 */
import { CATEGORY_SUFFIXES, INJECT_NAMES, WELL_KNOWN_PARAMS, findWellKnownParam } from '../catalog/index';
import { DIRECTIVE_DOCS } from './completionDirectives';
import { commandItems, optionKeyItems } from './completionCommands';
import { completionSite, SiteKind, type CompletionSite } from './completionSite';
import { columnItems, expressionItems, headerKeyItems } from './completionColumns';
import { type DocumentAnalysis } from './languageService';
import {
  CompletionKind,
  MAX_COMPLETIONS,
  type CompletionEntry,
  type CompletionList,
} from './completionTypes';

export * from './completionTypes';
import { valuesForOption } from './completionValues';

/** The suggestions at `offset` of an analysed document. Never throws on user input. */
export function complete(analysis: DocumentAnalysis, offset: number): CompletionList {
  const site = completionSite(analysis, offset);
  const items: CompletionEntry[] = [];
  const seen = new Set<string>();
  for (const [rank, kind] of site.kinds.entries()) {
    for (const item of fill(kind, analysis, site)) {
      if (seen.has(item.label)) continue;
      seen.add(item.label);
      items.push({ ...item, sortText: `${rank}${item.sortText ?? item.label}` });
    }
  }
  return cap(items, site.prefix);
}

function cap(items: CompletionEntry[], prefix: string): CompletionList {
  if (items.length <= MAX_COMPLETIONS) return { items, isIncomplete: false };
  const lower = prefix.toLowerCase();
  const matching = lower ? items.filter((i) => i.label.toLowerCase().includes(lower)) : items;
  return { items: matching.slice(0, MAX_COMPLETIONS), isIncomplete: true };
}

type Fill = (analysis: DocumentAnalysis, site: CompletionSite) => CompletionEntry[];

const FILLERS: Readonly<Record<SiteKind, Fill>> = {
  [SiteKind.command]: commandItems,
  [SiteKind.optionKey]: optionKeyItems,
  [SiteKind.optionValue]: optionValueItems,
  [SiteKind.column]: columnItems,
  [SiteKind.expression]: expressionItems,
  [SiteKind.headerKey]: headerKeyItems,
  [SiteKind.categorySuffix]: suffixItems,
  [SiteKind.category]: categoryItems,
  [SiteKind.param]: paramItems,
  [SiteKind.injectName]: injectItems,
  [SiteKind.subReference]: subReferenceItems,
  [SiteKind.subDeclaration]: subDeclarationItems,
  [SiteKind.directiveKey]: directiveKeyItems,
  [SiteKind.directivePath]: pathItems,
  [SiteKind.directiveName]: directiveNameItems,
  [SiteKind.none]: () => [],
};

function fill(kind: SiteKind, analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  return FILLERS[kind](analysis, site);
}

function optionValueItems(_analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  const source = site.option ?? site.command?.freeOptionKeys;
  return valuesForOption(source).map((v) => ({
    label: v.value,
    kind: CompletionKind.value,
    detail: site.option ? `${site.option.name} value` : 'value',
    documentation: v.description,
    range: site.replaceRange,
  }));
}

function suffixItems(_analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  return CATEGORY_SUFFIXES.map((v) => ({
    // The brace is already typed: offer the text between the braces.
    label: v.value.replace(/[{}]/g, ''),
    kind: CompletionKind.value,
    detail: 'roll-up suffix',
    documentation: v.description,
    range: site.replaceRange,
  }));
}

function categoryItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  const catalog = analysis.catalogs.categories;
  return catalog.categoryNames().map((name) => {
    const info = catalog.getCategory(name);
    const interval = info?.interval?.length ? `interval ${info.interval.join(', ')}` : '';
    const loader = info?.loader ? `${info.loader}` : '';
    const counts = info?.columnsKnown
      ? `${info.tags.length} tags, ${info.fields.length} fields`
      : 'columns not in the catalog';
    return {
      label: name,
      kind: CompletionKind.category,
      detail: [loader, interval].filter(Boolean).join(' · ') || 'category',
      documentation: [info?.description ?? '', counts].filter(Boolean).join('\n\n'),
      range: site.replaceRange,
    };
  });
}

/** Every `$param` the document knows: declared by directives, used in the text, or well known. */
export function knownParams(analysis: DocumentAnalysis): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(analysis.directives.params))
    out.set(name, `declared: \`${value}\``);
  for (const p of analysis.doc.params) if (!out.has(p.name)) out.set(p.name, 'used in this file');
  for (const p of WELL_KNOWN_PARAMS) if (!out.has(p.name)) out.set(p.name, p.description);
  return out;
}

function paramItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  return [...knownParams(analysis)].map(([name, note]) => ({
    label: name,
    kind: CompletionKind.param,
    detail: 'parameter',
    documentation: [note, findWellKnownParam(name)?.description ?? '']
      .filter((s, i, a) => s && a.indexOf(s) === i)
      .join('\n\n'),
    range: site.replaceRange,
  }));
}

function injectNames(analysis: DocumentAnalysis): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(analysis.directives.injects))
    out.set(name, `declared: \`${value}\``);
  for (const i of INJECT_NAMES)
    if (!out.has(i.name)) out.set(i.name, `${i.description}\n\nExample fragment: \`${i.example}\``);
  for (const i of analysis.doc.injects)
    if (i.name !== null && !out.has(i.name)) out.set(i.name, 'used in this file');
  return out;
}

function injectItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  return [...injectNames(analysis)].map(([name, note]) => ({
    label: name,
    kind: CompletionKind.inject,
    detail: 'INJECT fragment',
    documentation: note,
    range: site.replaceRange,
  }));
}

function subReferenceItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  const subs = analysis.doc.subs.filter((s) => s.name !== null && s !== site.sub);
  const items: CompletionEntry[] = subs.map((s) => ({
    label: s.name as string,
    kind: CompletionKind.sub,
    detail: `SUB (line ${s.line + 1})`,
    documentation: `Sub-query declared in this file with ${s.commands.length} commands.`,
    range: site.replaceRange,
  }));
  if (site.option?.valueKind !== 'query' && site.command?.name !== 'APPEND') return items;
  const paths = analysis.catalogs.paths?.predefinedPaths() ?? [];
  return [...items, ...paths.map((p) => pathItem(p, site, `'${p}'`))];
}

function subDeclarationItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  const unresolved = new Set(analysis.doc.subRefs.filter((r) => !r.resolved).map((r) => r.name));
  return [...unresolved].map((name) => ({
    label: name,
    kind: CompletionKind.sub,
    detail: 'referenced, not declared yet',
    documentation: `A command refers to \`${name}\` but no \`SUB ${name}\` block exists.`,
    range: site.replaceRange,
  }));
}

function pathItem(path: string, site: CompletionSite, insertText?: string): CompletionEntry {
  return {
    label: path,
    kind: CompletionKind.path,
    detail: 'predefined query path',
    documentation: `Runs the service's predefined query \`${path}\`.`,
    ...(insertText ? { insertText } : {}),
    range: site.replaceRange,
  };
}

function pathItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  return (analysis.catalogs.paths?.predefinedPaths() ?? []).map((p) => pathItem(p, site));
}

function directiveKeyItems(_analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  return DIRECTIVE_DOCS.map((d) => ({
    label: d.key,
    kind: CompletionKind.directive,
    detail: d.summary,
    documentation: `${d.summary}\n\n\`-- @${d.key} ${d.example}\``,
    insertText: `${d.key} ${d.snippet}`,
    snippet: true,
    range: site.replaceRange,
  }));
}

function directiveNameItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  if (site.directiveKey === 'inject') return injectItems(analysis, site);
  const used = new Set(analysis.doc.params.map((p) => p.name));
  return [...used].map((name) => ({
    label: name,
    kind: CompletionKind.param,
    detail: 'used in this file',
    documentation: `Give \`${name}\` a value for runs of this file.`,
    insertText: `${name} = `,
    range: site.replaceRange,
  }));
}
