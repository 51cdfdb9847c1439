/**
 * Checks ARCHITECTURE.md against the repository: every repository path it names in backticks exists,
 * the layers it lists are exactly the lint rule's (scripts/eslint/layers.mjs), and it stays a map
 * (at most 250 lines). Pure over the map's text, the layer table and an `exists` probe, so a test can
 * feed it a doctored map and watch it fail.
 */
import type { Layer } from '../../scripts/eslint/layers.mjs';

/** The longest the map may grow; past it, mechanism belongs in module headers. */
export const MAX_MAP_LINES = 250;

/** What the map needs from the repository. */
export interface MapContext {
  readonly layers: readonly Layer[];
  /** The names at the repository's top level (folders and files). */
  readonly topLevel: ReadonlySet<string>;
  /** Whether a repository-relative path exists. */
  readonly exists: (path: string) => boolean;
}

/** A layer as the map states it. */
export interface StatedLayer {
  readonly folder: string;
  readonly paths: readonly string[];
  readonly typePaths: readonly string[];
  readonly packages: readonly string[];
}

const TOKEN = /^[\w@.*{}-]+(\/[\w@.*{}-]*)*$/;
const FILE_EXTENSION = /\.(ts|mts|cts|js|mjs|cjs|json|md|css)$/;
/** Modules in the layer list are named without extension, as the lint rule names them. */
const MODULE_EXTENSIONS = ['', '.ts', '.mts', '.mjs', '.json'];

/** The text outside fenced code blocks (the diagram is a picture, not a list of paths). */
function prose(mapText: string): string {
  return mapText.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** The contents of every inline code span of `text`. */
function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
}

/**
 * Whether a code span names a path of the repository: it starts at a top-level name, or it has a
 * folder and ends in `/` or a file extension, or it is a bare file name. Build output (`dist/`),
 * relative specifiers, globs of file kinds (`*.mxql`), LSP methods (`mxql/…`) and packages are not.
 */
export function isRepoPath(span: string, topLevel: ReadonlySet<string>): boolean {
  if (!TOKEN.test(span) || /^[./$*@]/.test(span) || span.startsWith('dist/')) return false;
  const [first = ''] = span.split('/');
  if (topLevel.has(first)) return true;
  if (span.includes('/')) return span.endsWith('/') || FILE_EXTENSION.test(span);
  return FILE_EXTENSION.test(span);
}

/** Every repository path the map names, once each, in order of first mention. */
export function namedPaths(mapText: string, topLevel: ReadonlySet<string>): string[] {
  return [...new Set(codeSpans(prose(mapText)).filter((span) => isRepoPath(span, topLevel)))];
}

/** The lines of the `## Layers` section's list, each item joined onto one line. */
function layerItems(mapText: string): string[] {
  const section = /^## Layers\n([\s\S]*?)(?=^## )/m.exec(mapText)?.[1] ?? '';
  const items: string[] = [];
  for (const line of section.split('\n')) {
    if (line.startsWith('- `')) items.push(line.slice(2));
    else if (/^ {2}\S/.test(line) && items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
  }
  return items;
}

/** The layers the map lists: "- `folder`: imports `a`, `b`; as types only `c`; packages `p` (or none)." */
export function statedLayers(mapText: string): StatedLayer[] {
  const stated: StatedLayer[] = [];
  for (const item of layerItems(mapText)) {
    const colon = item.indexOf(': ');
    if (colon < 0) continue;
    const folders = codeSpans(item.slice(0, colon));
    const parts = { paths: [] as string[], typePaths: [] as string[], packages: [] as string[] };
    for (const part of item.slice(colon + 2).split(';')) {
      const words = part.trim();
      const names = codeSpans(words);
      if (/^imports? /.test(words)) parts.paths = names;
      else if (words.startsWith('as types only ')) parts.typePaths = names;
      else if (words.startsWith('packages ')) parts.packages = names;
    }
    for (const folder of folders) stated.push({ folder, ...parts });
  }
  return stated;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The differences between the layers the map states and the lint rule's, one sentence each. */
function layerProblems(stated: readonly StatedLayer[], layers: readonly Layer[]): string[] {
  const problems: string[] = [];
  const byFolder = new Map(stated.map((layer) => [layer.folder, layer]));
  for (const layer of layers) {
    const said = byFolder.get(layer.folder);
    if (!said) {
      problems.push(`the map lists no layer ${layer.folder}, which the lint rule has`);
      continue;
    }
    const fields = [
      ['imports', said.paths, layer.paths],
      ['as types only', said.typePaths, layer.typePaths ?? []],
      ['packages', said.packages, layer.packages],
    ] as const;
    for (const [name, mapped, linted] of fields) {
      if (!sameSet(mapped, linted))
        problems.push(
          `layer ${layer.folder}: the map says ${name} [${mapped.join(', ')}], the lint rule [${linted.join(', ')}]`,
        );
    }
  }
  const linted = new Set(layers.map((layer) => layer.folder));
  for (const said of stated) {
    if (!linted.has(said.folder)) problems.push(`the map lists a layer ${said.folder} the lint rule lacks`);
  }
  return problems;
}

/** Whether a path the map names exists: as written, as a module without extension, or as a glob's folder. */
function pathExists(path: string, exists: (path: string) => boolean): boolean {
  const wildcard = path.search(/[*{]/);
  if (wildcard >= 0) return exists(path.slice(0, path.lastIndexOf('/', wildcard) + 1) || '.');
  const bare = path.endsWith('/') ? path.slice(0, -1) : path;
  return MODULE_EXTENSIONS.some((extension) => exists(bare + extension));
}

/** Every way `mapText` is not a true, short map of the repository; empty when it is. */
export function checkArchitectureMap(mapText: string, context: MapContext): string[] {
  const problems: string[] = [];
  const lines = mapText.trimEnd().split('\n').length;
  if (lines > MAX_MAP_LINES) problems.push(`the map has ${lines} lines, more than ${MAX_MAP_LINES}`);
  for (const path of namedPaths(mapText, context.topLevel)) {
    if (!pathExists(path, context.exists)) problems.push(`the map names ${path}, which does not exist`);
  }
  const stated = statedLayers(mapText);
  if (stated.length === 0) problems.push('the map lists no layers under "## Layers"');
  else problems.push(...layerProblems(stated, context.layers));
  return problems;
}
