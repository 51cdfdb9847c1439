// Event-rule files: checking every rule's fields, and completion and hover inside one rule, for files of
// 10, 100 and 1,000 rules made from the catalog's own categories (each with one misspelt field), beside
// baselines measured in the same run: JSON.parse and the core's JSON scan of the same text.
// Run: node --import tsx test/bench/eventRules.bench.ts
import { performance } from 'node:perf_hooks';
import {
  eventRuleCompletionsAt,
  eventRuleHoverAt,
  findJsonQueries,
  type CategoryCatalog,
} from '../../server/core/index';
import { checkEventRules } from '../../server/core/embedded/eventRules';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';

const ROUNDS = 7;

/** Best of rounds, in milliseconds. */
function best(run: () => unknown): number {
  let min = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    run();
    min = Math.min(min, performance.now() - started);
  }
  return min;
}

/** A rule file of `count` rules over the catalogued categories, in the shape real rule files have. */
function ruleFile(catalog: CategoryCatalog, count: number): string {
  const categories = catalog.categoryNames().filter((n) => catalog.getCategory(n)?.columnsKnown);
  const rules: string[] = [];
  for (let i = 0; i < count; i++) {
    const category = categories[i % categories.length] as string;
    const fields = catalog
      .categoryColumns(category)
      .map((c) => c.name)
      .filter((n) => /^[A-Za-z_][\w.]*$/.test(n));
    const [a = 'time', b = 'oid'] = fields.slice(-2);
    const rule = {
      eventMessage: `\${oname}: ${a} \${${a}} over \${${b}x}`,
      eventTitle: `${a} high`,
      select: '',
      receiver: [],
      eventLevelText: 'Warning',
      rule: `${a} > (${b} * 3) && ${a} > 10`,
      id: `r${i}`,
      silentSec: 300,
      category,
      enabled: true,
      alertLabel: ['oname'],
    };
    rules.push(JSON.stringify(rule, null, 2).replace(/^/gm, '  '));
  }
  return `[\n${rules.join(',\n')}\n]\n`;
}

function main(): void {
  const catalog = bundledCategoryCatalog;
  for (const count of [10, 100, 1000]) {
    const json = ruleFile(catalog, count);
    checkEventRules(json, catalog); // warm-up: JIT, the lazily loaded catalog and its column cache
    const parse = best(() => JSON.parse(json));
    const scan = best(() => findJsonQueries(json));
    const check = best(() => checkEventRules(json, catalog));
    const middle = json.indexOf('"rule": "', Math.floor(json.length / 2)) + '"rule": "'.length + 2;
    const complete = best(() => eventRuleCompletionsAt(json, middle, catalog));
    const hover = best(() => eventRuleHoverAt(json, middle, catalog));
    const findings = checkEventRules(json, catalog).length;
    console.log(
      `${String(count).padStart(5)} rules ${(json.length / 1024).toFixed(0).padStart(5)} KB: check ${check.toFixed(2)} ms (${(check / count).toFixed(3)} ms/rule, ${findings} findings) · completion ${complete.toFixed(2)} ms · hover ${hover.toFixed(2)} ms · baselines JSON.parse ${parse.toFixed(2)} ms, JSON scan ${scan.toFixed(2)} ms`,
    );
  }
}

main();
