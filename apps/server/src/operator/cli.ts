import { runOperatorCli } from './operator-client';

/**
 * The operator's command line (issue 13 "Operator controls"): `npm run operator -- <command> [args]`, on the
 * server's machine, as a user who can read its DATA_DIR. The command runs inside the running server, over its
 * loopback-only operator channel (operator-channel.ts; docs/decisions/024). `npm run operator` alone lists the
 * commands.
 */
const code = await runOperatorCli(process.argv.slice(2), {
  env: process.env,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
process.exitCode = code;
