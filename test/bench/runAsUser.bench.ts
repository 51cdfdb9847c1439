// Real queries run as their authors meant them: `mxql run <corpus> --demo` with no --param, exactly as a
// user runs a folder of pasted dashboard queries, and again with the first choice the product offers for
// each value only the user knows. Goals: no file refused for agent filters alone; ≥ 95 % of the files
// that need no other value return rows; ≥ 85 % of the others return rows with the first choices.
// Baseline in the same run: the same files with every `$param` left as the user gave it (none), counted
// as the old rule did, which refused any file with an unbound `$param`.
// Run: MXQL_CORPUS=<dir> node --import tsx test/bench/runAsUser.bench.ts
import { existsSync } from 'node:fs';
import { parse } from '../../server/core/index';
import { isRangeParam } from '../../server/core/queries/rangeParams';
import { readFileSync } from 'node:fs';
import { corpusDir, corpusSetting } from '../support/corpus';
import { figuresOf, runAsUser, sendableFiles } from '../support/runAsUser';

if (!existsSync(corpusDir)) {
  console.log(`run-as-user bench skipped: no corpus at ${corpusDir}`);
  process.exit(corpusSetting === 'required' ? 1 : 0);
}

const pct = (n: number, of: number) => `${of === 0 ? '–' : ((n / of) * 100).toFixed(1)} % (${n} of ${of})`;

async function main(): Promise<void> {
  const files = sendableFiles(corpusDir);
  const started = performance.now();
  const runs = await runAsUser(files);
  const seconds = (performance.now() - started) / 1000;
  const f = figuresOf(runs);
  const withRows = runs.filter((r) => r.bare.status === 'ok').length;
  // The old rule: any `$param` without a value (besides $stime/$etime) refused the file.
  const oldRefused = files.filter((file) =>
    parse(readFileSync(file, 'utf8')).ast.params.some((p) => !isRangeParam(p.name)),
  ).length;
  console.log(
    `sendable corpus files: ${f.files} (files with <% %> template markers are not sendable as they are)`,
  );
  console.log(
    `no --param: ${pct(withRows, f.files)} return rows; refused for agent filters alone: ${f.refusedForAgentFilters}`,
  );
  console.log(
    `  baseline, every unbound $param refused: ${pct(f.files - oldRefused, f.files)} could be sent at all`,
  );
  console.log(
    `files that need no other value: ${f.needNothing}; with rows: ${pct(f.needNothingWithRows, f.needNothing)}`,
  );
  console.log(`  their failures by code: ${JSON.stringify(f.errors)}`);
  console.log(
    `files that need a value only the user knows: ${f.needValues}; with the first choices, rows: ${pct(f.firstChoiceWithRows, f.needValues)}`,
  );
  console.log(
    `time: ${seconds.toFixed(1)} s for ${runs.length} files and ${runs.filter((r) => r.chosen).length} re-runs`,
  );
}

void main();
