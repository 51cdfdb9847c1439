/**
 * A dashboard JSON as a board: its widgets placed on the board's grid from their `layout`, each with
 * what it shows (Markdown, a series chart, a grid of rows) and the MXQL it runs. Which strings are
 * MXQL, and their JSON pointers, come from `jsonQueries.ts`. Pure; never throws on user input: what is
 * wrong (malformed JSON, a file that only looks like a dashboard, odd layouts, a file too large) is in
 * `problems` as translatable texts, and a widget without a usable layout is stacked below the others.
 */
import { lineColumnOf, lineStartsOf } from '../syntax/index';
import { runText, type RunText } from '../run/runText';
import type { BoardWidgetView } from '../../../common/boardMessages';
import { findJsonQueries, type JsonQuery } from './jsonQueries';

/** Columns of a board's grid. */
export const BOARD_COLUMNS = 52;
/** The height, in grid rows, of a widget stacked for want of a layout. */
export const STACKED_HEIGHT = 8;
/** The largest file the preview reads: larger ones are refused with a problem, not parsed. */
export const MAX_BOARD_CHARS = 10 * 1024 * 1024;
/** The most widgets a board shows; the rest are left out with a problem. */
export const MAX_BOARD_WIDGETS = 500;

/** What a widget shows. */
export type WidgetKind = 'markdown' | 'series' | 'grid' | 'empty';

/** A place on the board's grid, in grid cells from the top left (0-based). */
export interface GridPlace {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** One query of a widget (a metric's `mql` or `query`), with the INJECT fragments written beside it. */
export interface BoardQuery {
  /** JSON pointer of the query string, e.g. `/widgets/3/metrics/0/mql`. */
  readonly pointer: string;
  /** The metric's `name`, else the pointer's last segments. */
  readonly label: string;
  readonly text: string;
  /** Fragments under an `inject` object beside the query (`inject.default`), by name. */
  readonly injects: Readonly<Record<string, string>>;
  /** 1-based line and column of the string in the JSON file. */
  readonly line: number;
  readonly column: number;
}

export interface BoardWidget {
  /** Position in `widgets[]`. */
  readonly index: number;
  readonly id: string;
  readonly title: string;
  readonly widgetType: string;
  readonly kind: WidgetKind;
  readonly place: GridPlace;
  /** `layout` when it was usable, `stacked` when the widget was placed below the others. */
  readonly placedBy: 'layout' | 'stacked';
  /** The Markdown of a rich-text widget. */
  readonly markdown?: string;
  readonly queries: readonly BoardQuery[];
  /** 1-based line of the widget in the JSON file. */
  readonly line: number;
}

/** Why the board is not shown, or shown with less than its file says. */
export interface BoardProblem {
  /** `board/*`: the file as a whole; `widget/*`: one widget. */
  readonly code: string;
  readonly text: RunText;
  /** 1-based line in the JSON file, when the problem has a place. */
  readonly line?: number;
  readonly widget?: number;
}

export interface BoardModel {
  /** True when the file is a dashboard the preview can lay out (possibly with problems). */
  readonly ok: boolean;
  readonly name: string;
  readonly columns: number;
  /** Grid rows the board uses (the bottom of its lowest widget). */
  readonly rows: number;
  readonly widgets: readonly BoardWidget[];
  readonly problems: readonly BoardProblem[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const textOf = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

function failed(problem: BoardProblem): BoardModel {
  return { ok: false, name: '', columns: BOARD_COLUMNS, rows: 0, widgets: [], problems: [problem] };
}

/** The board of a dashboard JSON text. */
export function boardOf(json: string): BoardModel {
  if (json.length > MAX_BOARD_CHARS) {
    const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
    return failed({
      code: 'board/too-large',
      text: runText(
        'The file is {0} MB; the preview reads dashboards of at most {1} MB. Split the board into smaller files.',
        mb(json.length),
        mb(MAX_BOARD_CHARS),
      ),
    });
  }
  const starts = lineStartsOf(json);
  const lineAt = (offset: number) => lineColumnOf(starts, offset);
  let root: unknown;
  try {
    root = JSON.parse(json.charCodeAt(0) === 0xfeff ? json.slice(1) : json);
  } catch {
    // The scanner says where and what, in words of its own.
    const syntax = findJsonQueries(json).problems.find((p) => p.kind === 'syntax');
    const at = lineAt(syntax?.offset ?? 0);
    return failed({
      code: 'board/malformed',
      text: runText(
        'The file is not valid JSON (line {0}, column {1}: {2}). Fix it and the preview follows.',
        at.line,
        at.column,
        syntax?.message ?? 'unexpected text',
      ),
      line: at.line,
    });
  }
  const notBoard = notABoard(root);
  if (notBoard) return failed(notBoard);
  const board = root as Record<string, unknown> & { widgets: unknown[] };
  const scan = findJsonQueries(json);
  const problems: BoardProblem[] = [];
  for (const p of scan.problems)
    if (p.kind === 'not-a-string') {
      const widget = widgetIndexOf(p.pointer ?? '');
      problems.push({
        code: 'widget/mql-not-string',
        text: runText('{0} is not a string of MXQL; the widget runs without it.', p.pointer ?? ''),
        line: lineAt(p.offset).line,
        ...(widget !== undefined ? { widget } : {}),
      });
    }
  const widgetLines = widgetLinesOf(json, starts);
  const all = board.widgets;
  if (all.length > MAX_BOARD_WIDGETS)
    problems.push({
      code: 'board/too-many-widgets',
      text: runText(
        'The board has {0} widgets; the preview shows the first {1}.',
        all.length,
        MAX_BOARD_WIDGETS,
      ),
    });
  const queriesByWidget = groupQueries(scan.queries, (offset) => lineAt(offset));
  const widgets: BoardWidget[] = [];
  const unplaced: { widget: Omit<BoardWidget, 'place' | 'placedBy'>; reason: RunText }[] = [];
  all.slice(0, MAX_BOARD_WIDGETS).forEach((raw, index) => {
    const line = widgetLines.get(index) ?? 1;
    if (!isRecord(raw)) {
      problems.push({
        code: 'widget/not-an-object',
        text: runText('widgets[{0}] is not an object and is left out.', index),
        line,
        widget: index,
      });
      return;
    }
    const queries = withMetricNames(raw, queriesByWidget.get(index) ?? []);
    const base = {
      index,
      id: textOf(raw.id) ?? String(index),
      title: textOf(raw.title) ?? '',
      widgetType: textOf(raw.widgetType) ?? '',
      kind: kindOf(raw, queries),
      ...markdownOf(raw),
      queries,
      line,
    };
    const layout = layoutOf(raw.layout, base.title || base.id);
    if ('place' in layout) {
      widgets.push({ ...base, place: layout.place, placedBy: 'layout' });
      if (layout.clipped)
        problems.push({
          code: 'widget/layout-clipped',
          text: runText(
            'Widget "{0}" reaches past column {1}; it is cut at the edge of the board.',
            base.title || base.id,
            BOARD_COLUMNS,
          ),
          line,
          widget: index,
        });
    } else unplaced.push({ widget: base, reason: layout.reason });
  });
  // Widgets without a usable layout go below the laid-out ones, one full-width row each, in file order.
  let bottom = Math.max(0, ...widgets.map((w) => w.place.y + w.place.h));
  for (const { widget, reason } of unplaced) {
    widgets.push({
      ...widget,
      place: { x: 0, y: bottom, w: BOARD_COLUMNS, h: STACKED_HEIGHT },
      placedBy: 'stacked',
    });
    problems.push({
      code: 'widget/layout',
      text: reason,
      line: widget.line,
      widget: widget.index,
    });
    bottom += STACKED_HEIGHT;
  }
  return {
    ok: true,
    name: textOf(board.name) ?? '',
    columns: BOARD_COLUMNS,
    rows: bottom,
    widgets,
    problems,
  };
}

/** Why `root` is not a dashboard, or undefined when it is one (an object with a `widgets` array). */
function notABoard(root: unknown): BoardProblem | undefined {
  if (Array.isArray(root)) {
    const rules = root.length > 0 && root.every((r) => isRecord(r) && ('rule' in r || 'eventTitle' in r));
    return {
      code: 'board/not-a-dashboard',
      text: rules
        ? runText('This file is a list of event rules, not a dashboard: there is no board to preview.')
        : runText('The file holds a JSON array; a dashboard is an object with "name" and "widgets".'),
    };
  }
  if (!isRecord(root))
    return {
      code: 'board/not-a-dashboard',
      text: runText('The file holds no JSON object; a dashboard is an object with "name" and "widgets".'),
    };
  if (!('widgets' in root))
    return {
      code: 'board/not-a-dashboard',
      text: runText('The object has no "widgets" array, so it is not a dashboard the preview can lay out.'),
    };
  if (!Array.isArray(root.widgets))
    return {
      code: 'board/not-a-dashboard',
      text: runText('"widgets" is not an array; a dashboard lists its widgets as an array of objects.'),
    };
  return undefined;
}

/** The index of the widget a pointer lies in (`/widgets/3/...` → 3). */
function widgetIndexOf(pointer: string): number | undefined {
  const m = /^\/widgets\/(\d+)(?:\/|$)/.exec(pointer);
  return m ? Number(m[1]) : undefined;
}

/** The pointer without its last segment. */
const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'));
const lastSegment = (pointer: string) => pointer.slice(pointer.lastIndexOf('/') + 1);
const decodeSegment = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The queries of each widget: every `mql`/`query` string under `/widgets/N/`, with the fragments of the
 * `inject` object that sits beside it (`.../metrics/0/inject/default` belongs to `.../metrics/0/mql`).
 */
function groupQueries(
  found: readonly JsonQuery[],
  at: (offset: number) => { line: number; column: number },
): Map<number, BoardQuery[]> {
  const injectsByOwner = new Map<string, Record<string, string>>();
  const whole: JsonQuery[] = [];
  for (const q of found) {
    const m = /^(.*)\/inject\/([^/]+)$/.exec(q.pointer);
    if (m) {
      const owner = m[1] as string;
      const fragments = injectsByOwner.get(owner) ?? {};
      fragments[decodeSegment(m[2] as string)] = q.text;
      injectsByOwner.set(owner, fragments);
    } else if (!q.pointer.includes('/inject/')) whole.push(q);
  }
  const byWidget = new Map<number, BoardQuery[]>();
  for (const q of whole) {
    const index = widgetIndexOf(q.pointer);
    if (index === undefined) continue;
    const owner = parentOf(q.pointer);
    const place = at(q.token.start);
    const list = byWidget.get(index) ?? [];
    list.push({
      pointer: q.pointer,
      label: decodeSegment(lastSegment(owner)),
      text: q.text,
      injects: injectsByOwner.get(owner) ?? {},
      line: place.line,
      column: place.column,
    });
    byWidget.set(index, list);
  }
  return byWidget;
}

/** The line of each widget's opening brace, found by walking the top-level array of `widgets`. */
function widgetLinesOf(json: string, starts: readonly number[]): Map<number, number> {
  const lines = new Map<number, number>();
  const key = /"widgets"\s*:\s*\[/g.exec(json);
  if (!key) return lines;
  let depth = 0;
  let index = 0;
  let inString = false;
  for (let i = key.index + key[0].length; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth === 0) lines.set(index, lineColumnOf(starts, i).line);
      depth++;
    } else if (c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
    } else if (c === ',' && depth === 0) index++;
  }
  return lines;
}

/** The metric names give the queries their labels. */
function withMetricNames(raw: Record<string, unknown>, queries: readonly BoardQuery[]): BoardQuery[] {
  const metrics: readonly unknown[] = Array.isArray(raw.metrics) ? raw.metrics : [];
  return queries.map((q) => {
    const m = /\/metrics\/(\d+)$/.exec(parentOf(q.pointer));
    const metric = m ? metrics[Number(m[1])] : undefined;
    const name = isRecord(metric) ? textOf(metric.name) : undefined;
    return name ? { ...q, label: name } : q;
  });
}

const SERIES_TYPES = /SERIES|LINE|AREA|BAR|CHART|TREND/i;

function kindOf(raw: Record<string, unknown>, queries: readonly BoardQuery[]): WidgetKind {
  const type = textOf(raw.widgetType) ?? '';
  if (markdownOf(raw).markdown !== undefined) return 'markdown';
  if (queries.length === 0) return 'empty';
  return SERIES_TYPES.test(type) ? 'series' : 'grid';
}

function markdownOf(raw: Record<string, unknown>): { markdown?: string } {
  const option = isRecord(raw.option) ? raw.option : undefined;
  const markdown = option?.markdown;
  if (typeof markdown === 'string') return { markdown };
  return textOf(raw.widgetType)?.toUpperCase() === 'RICH_TEXT' ? { markdown: '' } : {};
}

/** A usable place from a `layout`, or why it is not usable (`name` names the widget in the text). */
function layoutOf(
  layout: unknown,
  name: string,
): { place: GridPlace; clipped: boolean } | { reason: RunText } {
  const stacked = (reason: RunText) => ({ reason });
  if (layout === undefined || layout === null)
    return stacked(runText('Widget "{0}" has no layout; it is stacked below the board.', name));
  if (!isRecord(layout))
    return stacked(
      runText('Widget "{0}" has a layout that is not an object; it is stacked below the board.', name),
    );
  const numbers: Partial<Record<'x' | 'y' | 'w' | 'h', number>> = {};
  for (const key of ['x', 'y', 'w', 'h'] as const) {
    const v = layout[key];
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n))
      return stacked(
        runText(
          'Widget "{0}" has no number for "{1}" in its layout; it is stacked below the board.',
          name,
          key,
        ),
      );
    numbers[key] = Math.round(n);
  }
  const { x = 0, y = 0, w = 0, h = 0 } = numbers;
  if (x < 0 || y < 0)
    return stacked(
      runText(
        'Widget "{0}" starts at a negative place ({1}, {2}); it is stacked below the board.',
        name,
        x,
        y,
      ),
    );
  if (w < 1 || h < 1)
    return stacked(
      runText('Widget "{0}" has no size ({1} × {2}); it is stacked below the board.', name, w, h),
    );
  if (x >= BOARD_COLUMNS)
    return stacked(
      runText(
        'Widget "{0}" starts at column {1}, past the board\'s {2} columns; it is stacked below the board.',
        name,
        x,
        BOARD_COLUMNS,
      ),
    );
  const clipped = x + w > BOARD_COLUMNS;
  return { place: { x, y, w: clipped ? BOARD_COLUMNS - x : w, h }, clipped };
}

/** The widgets as the preview's page draws them: place, kind, Markdown and the labels of their queries. */
export function boardWidgetViews(board: BoardModel): BoardWidgetView[] {
  return board.widgets.map((w) => ({
    index: w.index,
    id: w.id,
    title: w.title,
    kind: w.kind,
    place: w.place,
    stacked: w.placedBy === 'stacked',
    ...(w.markdown !== undefined ? { markdown: w.markdown } : {}),
    queries: w.queries.map((q) => q.label),
  }));
}
