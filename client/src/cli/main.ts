// Entry point of dist/cli.js, the `mxql` command.
process.stdout.write(`mxql ${__MXQL_VERSION__}\n`);
