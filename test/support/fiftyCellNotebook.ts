// A 50-cell MXQL notebook of realistic size, shared by the notebook-open benchmark and the end-to-end
// floor test: 25 markdown cells and 25 MXQL cells of 4 to 12 lines, each MXQL cell with a saved result
// (every fourth one 300 rows, the others 20). The first and the last MXQL cell each carry one problem the
// language server reports (an INJECT with no fragment of that name), so the Problems count shows when the
// server has analysed the cells at both ends of the notebook.
import {
  printNotebook,
  type CellOutput,
  type FileCell,
  type NotebookHeader,
} from '../../client/src/notebook/notebookFile';

const BASE = Date.UTC(2026, 10, 1);

/** MXQL cell bodies of the kinds an investigation holds, 4 to 12 lines each. */
const QUERIES = [
  'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname, tps, resp_time]',
  'CATEGORY app_counter\nTAGLOAD {backward:true}\nSELECT [time, oid, oname, tps, resp_time]\nFIRST-ONLY {key:oid}\nORDER {key:[resp_time], sort:[desc]}\nLIMIT 10',
  'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, oname, tps, resp_time, active_tx_count]\nFILTER {key:oid, value:$oid}\nGROUP {timeunit:60000, pk:[oid]}\nUPDATE {key:tps, value:avg}\nUPDATE {key:resp_time, value:avg}\nUPDATE {key:active_tx_count, value:max}',
  'CATEGORY server_base\nTAGLOAD\nSELECT [time, oid, oname, cpu, mem, disk]\nGROUP {pk:[oid]}\nUPDATE {key:cpu, value:max}\nUPDATE {key:mem, value:max}\nUPDATE {key:disk, value:max}\nORDER {key:[cpu], sort:[desc]}\nLIMIT 20',
];
const PROBLEM = '-- @inject limitIt = LIMIT 10\n';
const PROBLEM_TAIL = '\nINJECT limitIt\nINJECT sortOrder';

function result(rows: number): CellOutput {
  return {
    type: 'result',
    run: { title: 'saved', profile: 'Demo', range: '1h', rows, ms: 120, ranAt: BASE },
    columns: ['time', 'oid', 'oname', 'tps', 'resp_time', 'active_tx_count'],
    rows: Array.from({ length: rows }, (_, r) => [
      BASE + r * 5000,
      1600292156 + (r % 12),
      `storefront-api-${String(r % 12).padStart(2, '0')}:8080`,
      Math.round(((r * 37) % 997) / 3) / 10,
      150 + ((r * 53) % 900),
      r % 17,
    ]),
  };
}

/** The 50 cells. */
export function fiftyCells(): FileCell[] {
  const mxqlCount = 25;
  return Array.from({ length: 50 }, (_, i): FileCell => {
    const step = Math.floor(i / 2) + 1;
    if (i % 2 === 0) {
      return {
        kind: 'markdown',
        source: `## ${step}. Step ${step} of the investigation\n\nWhat this step looks for, and what the last run showed: throughput per agent, the slowest agents, and whether **one agent** stands out. Compare with the same hour yesterday before drawing a conclusion.`,
      };
    }
    const index = step - 1;
    const problem = index === 0 || index === mxqlCount - 1;
    const body = QUERIES[index % QUERIES.length] ?? '';
    return {
      kind: 'mxql',
      source: `-- @name Step ${step}\n${problem ? PROBLEM : ''}${body}${problem ? PROBLEM_TAIL : ''}`,
      outputs: [result(index % 4 === 0 ? 300 : 20)],
    };
  });
}

/** The header of the notebook: the Demo profile, the last hour, and the `$oid` some cells filter on. */
export const FIFTY_CELL_HEADER: NotebookHeader = {
  profile: 'Demo',
  range: '1h',
  params: { $oid: '1600292156' },
};

/** Warnings the language server reports for the notebook: one in the first and one in the last MXQL cell. */
export const FIFTY_CELL_WARNINGS = 2;

/** The `.mxqlnb` text of the notebook, with or without its saved outputs. */
export function fiftyCellNotebook(withOutputs = true): string {
  return printNotebook({ header: FIFTY_CELL_HEADER, cells: fiftyCells() }, withOutputs);
}
