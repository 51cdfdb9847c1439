// Helpers of the suites that run notebook cells: a cell's stored output, as the renderer reads it.
import * as vscode from 'vscode';
import { NOTEBOOK_RESULT_MIME, parseOutput, type CellOutput } from '../../../common/notebookOutput';

const decoder = new TextDecoder();

/** The stored output of a cell once it has one (now, or on a later change of the notebook). */
export function outputOf(cell: vscode.NotebookCell): Promise<CellOutput> {
  const read = (): CellOutput | undefined => {
    const item = cell.outputs.flatMap((o) => o.items).find((i) => i.mime === NOTEBOOK_RESULT_MIME);
    return item ? parseOutput(JSON.parse(decoder.decode(item.data))) : undefined;
  };
  const now = read();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const listener = vscode.workspace.onDidChangeNotebookDocument((e) => {
      if (e.notebook !== cell.notebook) return;
      const found = read();
      if (!found) return;
      listener.dispose();
      resolve(found);
    });
  });
}
