import fs from 'node:fs';
import { loadConfig, type Config } from '../config';
import { OPERATOR_RUN_PATH, operatorRunReplySchema } from './operator-channel';
import { OPERATOR_TOKEN_HEADER, operatorTokenPath } from './operator-token';

export const SERVER_NOT_RUNNING_MESSAGE = 'Start the server first: npm start';

export interface OperatorCliIo {
  env: NodeJS.ProcessEnv;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

/** Where the server listens, as seen from this machine: a wildcard address is reached on loopback. */
export function operatorUrl(config: Pick<Config, 'host' | 'port'>): string {
  const host =
    config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '[::1]' : config.host;
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${bracketed}:${config.port}${OPERATOR_RUN_PATH}`;
}

function isConnectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND'].includes(cause?.code ?? '');
}

/**
 * `npm run operator -- <command> [args]` (cli.ts): reads PORT, HOST and DATA_DIR as the server does (loadConfig,
 * the same environment and defaults), reads the operator token from DATA_DIR, posts the command to the running
 * server's operator channel, prints its lines and answers its exit code.
 */
export async function runOperatorCli(argv: readonly string[], io: OperatorCliIo): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    io.stderr((error as Error).message);
    return 2;
  }
  const [command = 'help', ...args] = argv;
  const tokenFile = operatorTokenPath(config);
  let token: string;
  try {
    token = fs.readFileSync(tokenFile, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(
      code === 'ENOENT'
        ? `No operator token at ${tokenFile}: the server creates it when it starts. ${SERVER_NOT_RUNNING_MESSAGE} (with the same DATA_DIR).`
        : `Cannot read the operator token at ${tokenFile} (${code ?? 'error'}): run this as the user the server runs as.`,
    );
    return 1;
  }
  const url = operatorUrl(config);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_TOKEN_HEADER]: token },
      body: JSON.stringify({ command, args }),
      signal: AbortSignal.timeout(10 * 60_000),
    });
  } catch (error) {
    if (isConnectionRefused(error)) {
      io.stderr(`No server answers at ${url}. ${SERVER_NOT_RUNNING_MESSAGE}`);
      return 1;
    }
    io.stderr(`The operator channel at ${url} failed: ${(error as Error).message}`);
    return 1;
  }
  if (response.status === 404) {
    io.stderr(
      `The server at ${url} refused the operator token: run this on the server's machine with its DATA_DIR (${config.dataDir}).`,
    );
    return 1;
  }
  const body: unknown = await response.json().catch(() => null);
  const reply = operatorRunReplySchema.safeParse(body);
  if (!reply.success) {
    io.stderr(`The server answered ${response.status} without a command result.`);
    return 1;
  }
  const print = reply.data.code === 0 ? io.stdout : io.stderr;
  for (const line of reply.data.lines) print(line);
  return reply.data.code;
}
