// Reading query files for `mxql check` and `mxql run`: one place that decides what the CLI can read.
// Only regular files of at most MAX_FILE_BYTES that are valid UTF-8 are read; FIFOs, devices,
// sockets, dangling links and link loops are refused with a reason instead of blocking, reading
// forever or checking garbage. Directory walks visit each real directory once, so a link back up the
// tree ends instead of looping.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { QUERY_FILE_MAX_BYTES } from '../common/limits';

/** The largest query file the CLI reads (stated in README; one limit with the tools' workspace reads). */
export const MAX_FILE_BYTES = QUERY_FILE_MAX_BYTES;

/** A path the CLI will not read, with the reason in words. */
export interface FileProblem {
  readonly path: string;
  readonly reason: string;
}

export type ReadResult = { ok: true; text: string } | { ok: false; reason: string; missing?: true };

type Kind =
  { kind: 'file'; size: number } | { kind: 'dir'; id: string } | { kind: 'refused'; reason: string };

function specialKind(s: Stats): string | undefined {
  if (s.isFIFO()) return 'a FIFO (named pipe), not a regular file';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device, not a regular file';
  if (s.isSocket()) return 'a socket, not a regular file';
  return undefined;
}

/** What is at `path`, following links; never opens it (opening a FIFO would block). */
function kindOf(path: string): Kind | undefined {
  let s: Stats;
  try {
    s = statSync(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ELOOP') return { kind: 'refused', reason: 'a symbolic link loop' };
    if (code === 'ENOENT' && lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink())
      return { kind: 'refused', reason: 'a dangling symbolic link (its target does not exist)' };
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { kind: 'refused', reason: `cannot be read (${code ?? 'error'})` };
  }
  if (s.isFile()) return { kind: 'file', size: s.size };
  if (s.isDirectory()) return { kind: 'dir', id: `${s.dev}:${s.ino}` };
  return { kind: 'refused', reason: specialKind(s) ?? 'not a regular file' };
}

const megabytes = (bytes: number): string => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Reads a query file as UTF-8 text, or says why it will not. */
export function readQueryFile(path: string): ReadResult {
  const found = kindOf(path);
  if (!found) return { ok: false, reason: 'no such file', missing: true };
  if (found.kind === 'dir') return { ok: false, reason: 'a directory, not a file' };
  if (found.kind === 'refused') return { ok: false, reason: found.reason };
  if (found.size > MAX_FILE_BYTES) {
    return {
      ok: false,
      reason: `the file is ${megabytes(found.size)}, over the ${megabytes(MAX_FILE_BYTES)} limit for query files`,
    };
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return { ok: false, reason: `cannot be read (${(error as { code?: string }).code ?? 'error'})` };
  }
  // A file that grew after the size check is still held to the limit.
  if (bytes.length > MAX_FILE_BYTES)
    return { ok: false, reason: `the file is over the ${megabytes(MAX_FILE_BYTES)} limit` };
  try {
    return { ok: true, text: strictUtf8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'the file is not UTF-8; save it as UTF-8 and try again' };
  }
}

// ---------------------------------------------------------------------------------------------
// Discovery: plain files, directories (every *.mxql below them) and simple globs (`*`, `?`, `**`)
// expanded with node:fs, so the CLI needs no extra dependency. `mxql check` also takes *.json
// (dashboards keep MXQL inside JSON); it drops a walked JSON file that holds no query.

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);
const isQuery = (path: string): boolean => path.endsWith('.mxql');
const isQueryOrJson = (path: string): boolean => isQuery(path) || path.endsWith('.json');

/** How operands are expanded. */
export interface ExpandOptions {
  /** Take *.json files as well as *.mxql (`mxql check`). */
  readonly json?: boolean;
}

/** What operands name: files to read, paths refused with a reason, and operands that named nothing. */
export interface Expansion {
  files: string[];
  problems: FileProblem[];
  unmatched: string[];
  /** The JSON files among `files` that only a directory walk found, to be dropped when they hold no MXQL. */
  walkedJson: string[];
}

/** Files named by the operands, deduplicated and sorted; problems and unmatched operands besides. */
export function expandOperands(
  operands: readonly string[],
  cwd: string,
  options: ExpandOptions = {},
): Expansion {
  const accept = options.json ? isQueryOrJson : isQuery;
  const files = new Set<string>();
  const problems = new Map<string, string>();
  const unmatched: string[] = [];
  const walkedJson = new Set<string>();
  const namedOrMatched = new Set<string>();
  for (const operand of operands) {
    const found = expandOne(operand, cwd, accept);
    if (found.files.length === 0 && found.problems.length === 0) unmatched.push(operand);
    for (const f of found.files) {
      files.add(f);
      if (found.walked && f.endsWith('.json')) walkedJson.add(f);
      else namedOrMatched.add(f);
    }
    for (const p of found.problems) problems.set(p.path, p.reason);
  }
  return {
    files: [...files].sort(),
    problems: [...problems].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, reason]) => ({ path, reason })),
    unmatched,
    walkedJson: [...walkedJson].filter((f) => !namedOrMatched.has(f)).sort(),
  };
}

interface Found {
  files: string[];
  problems: FileProblem[];
  /** Found by walking a directory rather than named or matched by a glob. */
  walked?: true;
}

function expandOne(operand: string, cwd: string, accept: (name: string) => boolean): Found {
  if (!/[*?]/.test(operand)) {
    const abs = resolve(cwd, operand);
    const found = kindOf(abs);
    if (!found) return { files: [], problems: [] };
    // A path given by name is checked whatever its extension; a refused one is reported with its reason.
    if (found.kind === 'file') return { files: [toPosix(operand)], problems: [] };
    if (found.kind === 'refused')
      return { files: [], problems: [{ path: toPosix(operand), reason: found.reason }] };
    return { ...present(walk(abs, found.id, accept), cwd, () => true), walked: true };
  }
  const parts = toPosix(operand).split('/');
  const firstWild = parts.findIndex((p) => /[*?]/.test(p));
  const base = parts.slice(0, firstWild).join('/');
  const baseAbs = operand.startsWith('/') ? `/${base}` : join(cwd, base);
  const root = kindOf(baseAbs);
  if (root?.kind !== 'dir') return { files: [], problems: [] };
  const pattern = globToRegExp(parts.slice(firstWild).join('/'));
  return present(walk(baseAbs, root.id, accept), cwd, (f) => pattern.test(toPosix(relative(baseAbs, f))));
}

/** Walk results as display paths, keeping what `keep` selects. */
function present(found: Found, cwd: string, keep: (abs: string) => boolean): Found {
  return {
    files: found.files.filter(keep).map((f) => display(f, cwd)),
    problems: found.problems.filter((p) => keep(p.path)).map((p) => ({ ...p, path: display(p.path, cwd) })),
  };
}

/** `**` spans directories; `*` and `?` stay within one path segment. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/**
 * Every file below `root` whose name `accept` takes (*.mxql), and such paths it cannot read. Iterative,
 * and each real directory (device and inode) is entered once: a link to an ancestor is reported, not followed.
 */
function walk(root: string, rootId: string, accept: (name: string) => boolean): Found {
  const files: string[] = [];
  const problems: FileProblem[] = [];
  const entered = new Set([rootId]);
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      continue;
    }
    const subdirectories: string[] = [];
    for (const name of names) {
      const path = join(dir, name);
      const found = kindOf(path);
      if (found?.kind === 'file') {
        if (accept(name)) files.push(path);
      } else if (found?.kind === 'dir') {
        if (SKIPPED_DIRECTORIES.has(name)) continue;
        if (entered.has(found.id)) {
          // A second link to a directory already walked adds nothing; a link to an ancestor is a loop.
          if (isAncestor(path, dir))
            problems.push({
              path,
              reason: 'a symbolic link loop (it leads back to a parent directory); not followed',
            });
        } else {
          entered.add(found.id);
          subdirectories.push(path);
        }
      } else if (found?.kind === 'refused' && (accept(name) || found.reason.includes('loop'))) {
        problems.push({ path, reason: found.reason });
      }
    }
    // Reversed so the stack pops them in name order.
    pending.push(...subdirectories.reverse());
  }
  return { files, problems };
}

/** True when `link` resolves to `dir` itself or one of its ancestors. */
function isAncestor(link: string, dir: string): boolean {
  try {
    const target = realpathSync(link);
    const here = realpathSync(dir);
    return here === target || here.startsWith(target.endsWith(sep) ? target : target + sep);
  } catch {
    return false;
  }
}

function display(abs: string, cwd: string): string {
  const rel = relative(cwd, abs);
  return toPosix(rel.startsWith('..') || rel === '' ? abs : rel);
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
