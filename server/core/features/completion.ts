/**
 * Completion: {@link completionSite} decides what kind of thing belongs at the cursor, then each kind
 * is filled here from the catalog, the column flow at that line and the document itself. Unknown
 * columns are normal in real queries, so completion only ever adds suggestions: whatever the user
 * types stays acceptable.
 */
import {
  CATEGORY_SUFFIXES,
  DIRECTIVES,
  INJECT_NAMES,
  WELL_KNOWN_PARAMS,
  findWellKnownParam,
} from '../catalog/index';
import { commandItems, optionKeyItems } from './completionCommands';
import { completionSite, SiteKind, type CompletionSite } from './completionSite';
import { columnItems, expressionItems, headerKeyItems } from './completionColumns';
import { paramValueItems } from './completionParamValues';
import { type DocumentAnalysis } from '../analysis/documentAnalysis';
import {
  CompletionKind,
  MAX_COMPLETIONS,
  type CompletionEntry,
  type CompletionList,
} from './completionTypes';

export * from './completionTypes';
import { valuesForOption } from '../analysis/optionValues';
import { type UiLanguage } from '../l10n/language';
import { ENGLISH_WORDING, wordingFor, type Wording } from '../l10n/wording';

/**
 * The suggestions at `offset` of an analysed document, their details and documentation worded in
 * `language` (English when undefined). Never throws on user input.
 */
export function complete(analysis: DocumentAnalysis, offset: number, language?: UiLanguage): CompletionList {
  const w = wordingFor(language);
  const site = completionSite(analysis, offset);
  const items: CompletionEntry[] = [];
  const seen = new Set<string>();
  for (const [rank, kind] of site.kinds.entries()) {
    for (const item of FILLERS[kind](analysis, site, w)) {
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

type Fill = (analysis: DocumentAnalysis, site: CompletionSite, w: Wording) => CompletionEntry[];

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
  [SiteKind.directiveParamValue]: paramValueItems,
  [SiteKind.none]: () => [],
};

function optionValueItems(_analysis: DocumentAnalysis, site: CompletionSite, w: Wording): CompletionEntry[] {
  const source = site.option ?? site.command?.freeOptionKeys;
  return valuesForOption(source).map((v) => ({
    label: v.value,
    kind: CompletionKind.value,
    detail: w.labels.optionValueDetail(site.option?.name),
    documentation: w.text(v.description),
    range: site.replaceRange,
  }));
}

function suffixItems(_analysis: DocumentAnalysis, site: CompletionSite, w: Wording): CompletionEntry[] {
  return CATEGORY_SUFFIXES.map((v) => ({
    // The brace is already typed: offer the text between the braces.
    label: v.value.replace(/[{}]/g, ''),
    kind: CompletionKind.value,
    detail: w.labels.rollUpSuffix,
    documentation: w.text(v.description),
    range: site.replaceRange,
  }));
}

function categoryItems(analysis: DocumentAnalysis, site: CompletionSite, w: Wording): CompletionEntry[] {
  const catalog = analysis.catalogs.categories;
  const { labels } = w;
  return catalog.categoryNames().map((name) => {
    const info = catalog.getCategory(name);
    const interval = info?.interval?.length ? labels.intervalDetail(info.interval.join(', ')) : '';
    const loader = info?.loader ? `${info.loader}` : '';
    const counts = info?.columnsKnown
      ? labels.columnCounts(info.tags.length, info.fields.length)
      : labels.columnsUnknownDetail;
    return {
      label: name,
      kind: CompletionKind.category,
      detail: [loader, interval].filter(Boolean).join(' · ') || labels.category,
      documentation: [info?.description ? w.text(info.description) : '', counts].filter(Boolean).join('\n\n'),
      range: site.replaceRange,
    };
  });
}

/**
 * Every `$param` the document knows (declared by directives, used in the text, or well known), with a
 * note in the language of `w`.
 */
export function knownParams(analysis: DocumentAnalysis, w: Wording = ENGLISH_WORDING): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(analysis.directives.params))
    out.set(name, w.labels.declaredDetail(value));
  for (const p of analysis.doc.params) if (!out.has(p.name)) out.set(p.name, w.labels.usedInFile);
  for (const p of WELL_KNOWN_PARAMS) if (!out.has(p.name)) out.set(p.name, w.text(p.description));
  return out;
}

function paramItems(analysis: DocumentAnalysis, site: CompletionSite, w: Wording): CompletionEntry[] {
  return [...knownParams(analysis, w)].map(([name, note]) => {
    const known = findWellKnownParam(name);
    return {
      label: name,
      kind: CompletionKind.param,
      detail: w.labels.parameter,
      documentation: [note, known ? w.text(known.description) : '']
        .filter((s, i, a) => s && a.indexOf(s) === i)
        .join('\n\n'),
      range: site.replaceRange,
    };
  });
}

function injectNames(analysis: DocumentAnalysis, w: Wording): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(analysis.directives.injects))
    out.set(name, w.labels.declaredDetail(value));
  for (const i of INJECT_NAMES)
    if (!out.has(i.name))
      out.set(i.name, `${w.text(i.description)}\n\n${w.labels.exampleFragment(i.example)}`);
  for (const i of analysis.doc.injects)
    if (i.name !== null && !out.has(i.name)) out.set(i.name, w.labels.usedInFile);
  return out;
}

function injectItems(analysis: DocumentAnalysis, site: CompletionSite, w: Wording): CompletionEntry[] {
  return [...injectNames(analysis, w)].map(([name, note]) => ({
    label: name,
    kind: CompletionKind.inject,
    detail: w.labels.injectFragment,
    documentation: note,
    range: site.replaceRange,
  }));
}

function subReferenceItems(analysis: DocumentAnalysis, site: CompletionSite, w: Wording): CompletionEntry[] {
  const subs = analysis.doc.subs.filter((s) => s.name !== null && s !== site.sub);
  const items: CompletionEntry[] = subs.map((s) => ({
    label: s.name as string,
    kind: CompletionKind.sub,
    detail: w.labels.subDetail(s.line + 1),
    documentation: w.labels.subInFile(s.commands.length),
    range: site.replaceRange,
  }));
  if (site.option?.valueKind !== 'query' && site.command?.name !== 'APPEND') return items;
  const paths = analysis.catalogs.paths?.predefinedPaths() ?? [];
  return [...items, ...paths.map((p) => pathItem(p, site, w, `'${p}'`))];
}

function subDeclarationItems(
  analysis: DocumentAnalysis,
  site: CompletionSite,
  w: Wording,
): CompletionEntry[] {
  const unresolved = new Set(analysis.doc.subRefs.filter((r) => !r.resolved).map((r) => r.name));
  return [...unresolved].map((name) => ({
    label: name,
    kind: CompletionKind.sub,
    detail: w.labels.subMissingDetail,
    documentation: w.labels.subMissing(name),
    range: site.replaceRange,
  }));
}

function pathItem(path: string, site: CompletionSite, w: Wording, insertText?: string): CompletionEntry {
  return {
    label: path,
    kind: CompletionKind.path,
    detail: w.labels.pathDetail,
    documentation: w.labels.pathRuns(path),
    ...(insertText ? { insertText } : {}),
    range: site.replaceRange,
  };
}

function pathItems(analysis: DocumentAnalysis, site: CompletionSite, w: Wording): CompletionEntry[] {
  return (analysis.catalogs.paths?.predefinedPaths() ?? []).map((p) => pathItem(p, site, w));
}

function directiveKeyItems(_analysis: DocumentAnalysis, site: CompletionSite, w: Wording): CompletionEntry[] {
  return DIRECTIVES.map((d) => ({
    label: d.key,
    kind: CompletionKind.directive,
    detail: w.text(d.summary),
    documentation: `${w.text(d.summary)}\n\n\`-- @${d.key} ${d.example}\``,
    insertText: `${d.key} ${d.snippet}`,
    snippet: true,
    range: site.replaceRange,
  }));
}

function directiveNameItems(analysis: DocumentAnalysis, site: CompletionSite, w: Wording): CompletionEntry[] {
  if (site.directiveKey === 'inject') return injectItems(analysis, site, w);
  const used = new Set(analysis.doc.params.map((p) => p.name));
  return [...used].map((name) => ({
    label: name,
    kind: CompletionKind.param,
    detail: w.labels.usedInFile,
    documentation: w.labels.giveParamValue(name),
    insertText: `${name} = `,
    range: site.replaceRange,
  }));
}
