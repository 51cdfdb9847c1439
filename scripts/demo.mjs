// `npm run demo`: the product as a user first meets it. Packages the extension into a VSIX, installs it
// into a fresh code-server (the same harness the tests use), opens a throw-away copy of examples/ and
// prints the loopback URL to open in a browser; Ctrl+C stops everything and removes the temp folders.
// The Demo profile needs no setup: the demo backend runs inside the extension host.
// `npm run demo -- --cli` instead runs an example through the CLI against the in-process demo backend.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCleanups } from './cleanups.mjs';
import { provisionFor } from './provision.mjs';
import { repoRoot } from './vscode/codeServer.mjs';
import { ensureCodeServer } from './vscode/installCodeServer.mjs';
import { installVsix } from './vscode/installVsix.mjs';
import { startCodeServer } from './vscode/startCodeServer.mjs';

const HELP = `Usage: npm run demo -- [options]

Builds and packages the extension, installs it into a local VS Code (code-server) and opens a copy of
examples/ with the built-in Demo data. Open the printed URL in your browser; Ctrl+C stops it.

Options:
  --port N         port of the VS Code server on 127.0.0.1 (default: a free port)
  --vsix FILE      install this VSIX instead of building and packaging one
  --cli            run an example through the CLI instead and print its rows as a table
  --example NAME   the example the CLI runs (default: tps-per-agent.mxql)
  -h, --help       show this help
`;

const DEFAULT_EXAMPLE = 'tps-per-agent.mxql';

/** Thrown for problems the user fixes by changing the command line or the machine; printed without a stack. */
class DemoError extends Error {}

function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      vsix: { type: 'string' },
      cli: { type: 'boolean', default: false },
      example: { type: 'string', default: DEFAULT_EXAMPLE },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  let port = 0;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new DemoError(`--port needs a port number from 1 to 65535; got '${values.port}'.`);
    }
  }
  return { ...values, port };
}

/** Runs a command with the terminal attached; rejects with `what` when it fails. */
function runVisible(cmd, args, what) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', (err) => reject(new DemoError(`${what}: could not start ${cmd}: ${err.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new DemoError(`${what} failed (${signal ? `signal ${signal}` : `exit ${code}`}).`));
    });
  });
}

function assertDependencies() {
  if (!existsSync(join(repoRoot, 'node_modules', 'esbuild'))) {
    throw new DemoError('The dependencies are not installed: run `npm ci` first.');
  }
}

/** `--cli`: a development build of the CLI, then one example run against the in-process demo backend. */
async function runCliDemo(example) {
  const name = example.endsWith('.mxql') ? example : `${example}.mxql`;
  const file = join('examples', name);
  if (!existsSync(join(repoRoot, file))) {
    throw new DemoError(`No example ${file}; see examples/README.md for the list.`);
  }
  await runVisible(process.execPath, ['esbuild.mjs'], 'Building the CLI');
  console.log(`\n$ mxql run ${file} --demo --format table\n`);
  await runVisible(
    process.execPath,
    [join('dist', 'cli.js'), 'run', file, '--demo', '--format', 'table'],
    `Running ${file}`,
  );
}

/** Packages `mxql-<version>.vsix` at the repository root with `npm run package` and returns its path. */
async function packageVsix() {
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const vsix = join(repoRoot, `mxql-${version}.vsix`);
  rmSync(vsix, { force: true });
  await runVisible('npm', ['run', 'package'], 'Packaging the extension (npm run package)');
  if (!existsSync(vsix)) throw new DemoError(`npm run package finished but ${vsix} is missing.`);
  return vsix;
}

/** Temp folders and processes to remove, last registered first. */
const cleanups = createCleanups();

/** A fresh sandbox: user data, extensions and a copy of examples/ so the user's edits never touch the repo. */
function makeSandbox() {
  const dir = cleanups.tempDir('mxql-demo-');
  const workspace = join(dir, 'examples');
  cpSync(join(repoRoot, 'examples'), workspace, { recursive: true });
  return { dir, workspace, userDataDir: join(dir, 'user-data'), extensionsDir: join(dir, 'extensions') };
}

/** Resolves when the user asks to stop (Ctrl+C or SIGTERM). */
function untilStopped() {
  return new Promise((resolvePromise) => {
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => resolvePromise(signal));
  });
}

async function runWorkbenchDemo(options) {
  // code-server's build packages: installed here as root, otherwise one sentence before any build.
  const provisioned = provisionFor(['demo']);
  if (!provisioned.ok) throw new DemoError(provisioned.sentence);
  const vsix = options.vsix ? resolve(options.vsix) : await packageVsix();
  if (!existsSync(vsix)) throw new DemoError(`VSIX not found: ${vsix}`);
  await ensureCodeServer();
  const sandbox = makeSandbox();
  console.log(`Installing ${vsix} into a fresh extensions folder...`);
  await installVsix(vsix, sandbox.extensionsDir);
  const server = await startCodeServer({
    folder: sandbox.workspace,
    userDataDir: sandbox.userDataDir,
    extensionsDir: sandbox.extensionsDir,
    port: options.port,
    logFile: join(sandbox.dir, 'code-server.log'),
    // The Demo profile is active from the start: the first Ctrl+Enter runs on the demo data.
    settings: { 'workbench.startupEditor': 'readme', 'mxql.defaultProfile': 'Demo' },
  });
  cleanups.add(() => server.stop());
  const url = `${server.url}/?folder=${encodeURIComponent(sandbox.workspace)}`;
  console.log(
    [
      '',
      'MXQL demo is ready. Open this address in your browser:',
      '',
      `    ${url}`,
      '',
      `Workspace: ${sandbox.workspace} (a copy of examples/; edits there do not change the repository)`,
      'The Demo profile is active: open an .mxql file and press Ctrl+Enter to run it on the demo data.',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  const signal = await untilStopped();
  console.log(`\n${signal}: stopping VS Code and removing ${sandbox.dir}`);
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(HELP);
    return;
  }
  assertDependencies();
  if (options.cli) await runCliDemo(options.example);
  else await runWorkbenchDemo(options);
}

try {
  await main();
} catch (err) {
  // Usage errors and failed steps explain themselves; anything else keeps its stack for a bug report.
  const usage = typeof err?.code === 'string' && err.code.startsWith('ERR_PARSE_ARGS');
  const known = usage || err instanceof DemoError || /apt-get install|npm ci/.test(err?.message ?? '');
  console.error(`demo: ${known ? err.message : (err?.stack ?? String(err))}`);
  if (usage) console.error('Run `npm run demo -- --help` for the options.');
  process.exitCode = usage ? 2 : 1;
} finally {
  await cleanups.run();
}
