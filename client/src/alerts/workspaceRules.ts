// The workspace's event-rule files, found once and kept current as files change: the rule-file picker of
// Draft Alert Rule lists them, and every chart on a category (a run in the results panel or a notebook, a
// widget of the dashboard preview) draws the thresholds of the rules that watch it (the core's
// ruleThresholdsFor), so a user sees where their alerts would fire while reading the data.
import type * as vscode from 'vscode';
import {
  findEventRules,
  mayHoldEventRules,
  ruleThresholdsFor,
  type EventRuleScan,
} from '../../../server/core/index';
import type { ThresholdMark } from '../../../common/chartMarks';
import { WorkspaceFileIndex } from '../workspace/workspaceFileIndex';

export class WorkspaceRules implements vscode.Disposable {
  private readonly index = new WorkspaceFileIndex<EventRuleScan>({
    glob: '**/*.json',
    maxFiles: 500,
    maxBytes: 2_000_000,
    learn: (_uri, text) => {
      const scan = mayHoldEventRules(text) ? findEventRules(text) : undefined;
      return scan && scan.rules.length > 0 ? scan : undefined;
    },
  });

  /** The workspace's rule files, by path. */
  async files(): Promise<vscode.Uri[]> {
    await this.index.load();
    return this.index
      .entries()
      .map((e) => e.uri)
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  /** The thresholds of the rules that watch `category`. */
  async thresholdsFor(category: string): Promise<ThresholdMark[]> {
    await this.index.load();
    return ruleThresholdsFor(
      this.index.entries().map((e) => e.fact),
      category,
    );
  }

  dispose(): void {
    this.index.dispose();
  }
}
