// Entry point of dist/cli.js, the `mxql` command. Each subcommand lives in its own module and is
// loaded on demand, so `mxql check` never pays for the HTTP client and `mxql run` never for the checker.
// Exit codes: 0 ok, 1 a query, check or API error, 2 a usage error.

/** What every subcommand module exports. Returns the process exit code. */
export type Subcommand = (args: readonly string[]) => Promise<number>;

const subcommands: Record<string, { summary: string; load: () => Promise<Subcommand> }> = {
  check: {
    summary: 'check .mxql files and print diagnostics',
    load: async () => (await import('./check')).check,
  },
  run: {
    summary: 'run a .mxql file against the Open API or the demo backend',
    load: async () => (await import('./run')).run,
  },
  alert: {
    summary: 'draft an event rule from a query and replay it over history (mxql alert draft)',
    load: async () => (await import('./alert')).alert,
  },
  api: { summary: 'call any other Open API endpoint', load: async () => (await import('./api')).api },
  mcp: {
    summary: 'serve the MXQL assistant tools to AI assistants (Model Context Protocol, stdio)',
    load: async () => (await import('./mcp')).mcp,
  },
  lsp: {
    summary: 'start the MXQL language server for any editor (stdio by default)',
    load: async () => (await import('./lsp')).lsp,
  },
  'demo-server': {
    summary: 'start the demo backend on loopback and print its connection details',
    load: async () => (await import('./demoServer')).demoServer,
  },
};

function usage(): string {
  const lines = Object.entries(subcommands).map(([name, s]) => `  ${name.padEnd(12)} ${s.summary}`);
  return `mxql ${__MXQL_VERSION__}\n\nUsage: mxql <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'mxql <command> --help' for the options of a command.\n`;
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${__MXQL_VERSION__}\n`);
    return 0;
  }
  const entry = subcommands[name];
  if (!entry) {
    process.stderr.write(`mxql: unknown command '${name}'. Run 'mxql --help' for the list.\n`);
    return 2;
  }
  return (await entry.load())(rest);
}

// A reader that stops early (`mxql run q.mxql | head`) closes the pipe: the rest of the output has nowhere
// to go, so the command ends quietly, as Unix tools do, instead of dying on an unhandled EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mxql: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
