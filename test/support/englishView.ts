// A node's view of the explorer as the tree shows it in English: its texts-as-data said by their
// English template, the tooltip's lines joined.
import { englishOf } from '../../common/templateText';
import { nodeView, type ExplorerNode } from '../../client/src/explorer/explorerNodes';

export function englishView(node: ExplorerNode) {
  const view = nodeView(node);
  return {
    ...view,
    label: englishOf(view.label),
    description: view.description === undefined ? undefined : englishOf(view.description),
    tooltip: view.tooltip?.map(englishOf).join('\n'),
  };
}
