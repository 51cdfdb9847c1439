// Reports of a notebook: Markdown (tables as Markdown, charts as SVG files beside it) and one
// self-contained HTML file (tables, inline SVG charts, no script and no remote content; every value
// escaped). Pure: the command writes the files, and says a report's own words (texts as data) in the
// user's language through the `say` it passes.
import type { Cell } from '../../../common/resultsMessages';
import { cellText } from '../../../common/tabular';
import { chartSvg, escapeXml } from './chartSvg';
import type { CellOutput, FileCell, NotebookFile } from './notebookFile';
import { templateText, type Say } from '../../../common/templateText';

/** Rows shown per table in a report; the rest are counted. */
export const REPORT_ROWS = 200;

/** An image file a Markdown report refers to. */
export interface ReportImage {
  readonly name: string;
  readonly svg: string;
}

function runLine(output: CellOutput, say: Say): string {
  const r = output.run;
  const parts = [
    r.profile,
    r.project ?? (r.pcode !== undefined ? `pcode ${r.pcode}` : undefined),
    r.range,
    r.rows !== undefined ? say(templateText('{0} rows', r.rows)) : undefined,
    r.ms !== undefined ? `${r.ms} ms` : undefined,
  ];
  return parts.filter((p): p is string => p !== undefined && p !== '').join(' · ');
}

function markdownCell(value: Cell | undefined): string {
  return cellText(value).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function markdownTable(columns: readonly string[], rows: readonly (readonly Cell[])[], say: Say): string {
  const head = `| ${columns.map((c) => markdownCell(c)).join(' | ')} |`;
  const rule = `| ${columns.map(() => '---').join(' | ')} |`;
  const body = rows
    .slice(0, REPORT_ROWS)
    .map((row) => `| ${columns.map((_, i) => markdownCell(row[i])).join(' | ')} |`);
  const more = rows.length > REPORT_ROWS ? [`\n_${say(moreRows(rows.length))}_`] : [];
  return [head, rule, ...body].join('\n') + more.join('');
}

/** The note under a table cut at REPORT_ROWS. */
function moreRows(total: number) {
  return templateText('{0} more rows not shown.', total - REPORT_ROWS);
}

/** The note of a cancelled run. */
const CANCELLED = templateText('The run was cancelled.');

function fence(source: string): string {
  const longest = Math.max(2, ...(source.match(/`+/g) ?? []).map((m) => m.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}mxql\n${source}\n${ticks}`;
}

/** The Markdown report of `notebook`; `imageBase` prefixes the chart file names. */
export function markdownReport(
  notebook: NotebookFile,
  imageBase: string,
  say: Say,
): { markdown: string; images: ReportImage[] } {
  const parts: string[] = [];
  const images: ReportImage[] = [];
  notebook.cells.forEach((cell, index) => {
    if (cell.kind === 'markdown') return void parts.push(cell.source);
    parts.push(cell.kind === 'mxql' ? fence(cell.source) : cell.source);
    for (const output of cell.outputs ?? []) {
      const line = runLine(output, say);
      if (line) parts.push(`_${markdownCell(line)}_`);
      if (output.type === 'error')
        parts.push(`> **${say(templateText('Error:'))}** ${markdownCell(output.message)}`);
      else if (output.type === 'cancelled') parts.push(`> ${say(CANCELLED)}`);
      else {
        const svg = chartSvg(output.columns, output.rows, output.run.title, output.run.marks);
        if (svg) {
          const name = `${imageBase}-cell${index + 1}.svg`;
          images.push({ name, svg });
          parts.push(`![${markdownCell(output.run.title)}](${encodeURI(name)})`);
        }
        parts.push(markdownTable(output.columns, output.rows, say));
      }
    }
  });
  return { markdown: `${parts.join('\n\n')}\n`, images };
}

/** Markdown cells as safe HTML: headings, paragraphs and code spans; everything else as text. */
function proseHtml(source: string): string {
  return source
    .split(/\n\s*\n/)
    .map((block) => {
      const heading = /^(#{1,6})\s+(.*)$/.exec(block.trim());
      const inline = (text: string): string =>
        escapeXml(text)
          .replace(/`([^`]+)`/g, '<code>$1</code>')
          .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
      if (heading)
        return `<h${heading[1]?.length ?? 1}>${inline(heading[2] ?? '')}</h${heading[1]?.length ?? 1}>`;
      return `<p>${inline(block).replace(/\n/g, '<br>')}</p>`;
    })
    .join('\n');
}

function htmlTable(columns: readonly string[], rows: readonly (readonly Cell[])[], say: Say): string {
  const head = columns.map((c) => `<th>${escapeXml(c)}</th>`).join('');
  const body = rows
    .slice(0, REPORT_ROWS)
    .map((row) => `<tr>${columns.map((_, i) => `<td>${escapeXml(cellText(row[i]))}</td>`).join('')}</tr>`)
    .join('\n');
  const more =
    rows.length > REPORT_ROWS ? `<p class="more">${escapeXml(say(moreRows(rows.length)))}</p>` : '';
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>${more}`;
}

function htmlCell(cell: FileCell, say: Say): string {
  if (cell.kind === 'markdown') return `<section class="prose">${proseHtml(cell.source)}</section>`;
  const parts = [`<pre class="query"><code>${escapeXml(cell.source)}</code></pre>`];
  for (const output of cell.outputs ?? []) {
    const line = runLine(output, say);
    if (line) parts.push(`<p class="run">${escapeXml(line)}</p>`);
    if (output.type === 'error') parts.push(`<p class="error">${escapeXml(output.message)}</p>`);
    else if (output.type === 'cancelled') parts.push(`<p class="error">${escapeXml(say(CANCELLED))}</p>`);
    else {
      const svg = chartSvg(output.columns, output.rows, output.run.title, output.run.marks);
      if (svg) parts.push(`<figure>${svg}</figure>`);
      parts.push(htmlTable(output.columns, output.rows, say));
    }
  }
  return `<section class="cell">${parts.join('\n')}</section>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
pre.query{background:#f4f4f4;padding:.6em;overflow:auto}table{border-collapse:collapse;font-size:13px;margin:.5em 0}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}.run{color:#666;font-size:12px}
.error{color:#b00020}.more{color:#666;font-size:12px}figure{margin:.5em 0}`;

/** A self-contained HTML report: no script, no remote content (its CSP says so too). */
export function htmlReport(notebook: NotebookFile, title: string, say: Say): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    `<title>${escapeXml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...notebook.cells.map((cell) => htmlCell(cell, say)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
