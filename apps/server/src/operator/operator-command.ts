import type { FastifyInstance } from 'fastify';

/**
 * What a command runs with: the running server's app (database, clock, mailer, provisioner, payments ...). Commands
 * run inside the server, reached over its loopback-only operator channel (`npm run operator`, cli.ts), so they see
 * the same clock and adapters as the API and work on the embedded database, which only one process may open.
 */
export interface OperatorContext {
  app: FastifyInstance;
  /** One line of output for the operator. */
  out: (line: string) => void;
}

/** One operator command; `run` answers the process exit code (0 done, 2 bad arguments, 1 failed). */
export interface OperatorCommand {
  name: string;
  /** e.g. `exempt <workspaceId> on|off`. */
  usage: string;
  summary: string;
  run(args: string[], context: OperatorContext): Promise<number>;
}
