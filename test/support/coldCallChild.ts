// Child process of coldCall.ts: the first call of the core's `format` or `parse` in this fresh process,
// on the 20,000-line document. Prints `{"wallMs":…,"cpuMs":…}`. The text is built before the clock starts.
import { performance } from 'node:perf_hooks';
import { format, parse } from '../../server/core/syntax/index';
import { largeDocument } from './largeDocument';

const kind = process.argv[2];
if (kind !== 'format' && kind !== 'parse') throw new Error(`usage: coldCallChild format|parse (got ${kind})`);
const text = largeDocument();
const cpu = process.cpuUsage();
const started = performance.now();
if (kind === 'format') format(text);
else parse(text);
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000 }));
