import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isSameSecret } from '../modules/dev-mail/outbox-token';
import { isLoopbackAddress } from '../modules/dev-mail/outbox-access';
import { sendNotFound } from '../plugins/error-handler';
import { operatorCommands } from './commands/index';
import type { OperatorCommand } from './operator-command';
import { OPERATOR_TOKEN_HEADER } from './operator-token';

/** Not under /v3, not in the OpenAPI document: the operator's, not the API's. */
export const OPERATOR_RUN_PATH = '/_operator/run';

/**
 * Refused attempts (wrong or no token) per minute past which each further refusal is answered only after
 * OPERATOR_REFUSAL_DELAY_MS and the operator is warned in the log, once a minute.
 */
export const OPERATOR_REFUSALS_PER_MINUTE = 10;
/** How long a refusal past the limit waits before its 404: a guessing loop slows to one try a second. */
export const OPERATOR_REFUSAL_DELAY_MS = 1000;
/** Commands per minute (a command can be a whole invoicing run). */
export const OPERATOR_CALLS_PER_MINUTE = 60;

export const operatorRunBodySchema = z.strictObject({
  command: z.string().min(1).max(64),
  args: z.array(z.string().max(1000)).max(32).default([]),
});

export const operatorRunReplySchema = z.object({
  code: z.number().int(),
  lines: z.array(z.string()),
});
export type OperatorRunReply = z.infer<typeof operatorRunReplySchema>;

/** `help` and unknown commands: every command's usage, its summary indented below it. */
export function helpLines(commands: readonly OperatorCommand[]): string[] {
  return [
    'Usage: npm run operator -- <command> [arguments]',
    '',
    ...commands.flatMap((command) => [`  ${command.usage}`, `      ${command.summary}`]),
    '  help',
    '      This list',
  ];
}

/** A fixed-window counter per minute, in memory: the channel only answers this machine, so one process suffices. */
function minuteCounter(limit: number, clock: () => Date) {
  let windowStart = 0;
  let count = 0;
  return {
    /** Counts one and says whether the limit is passed. */
    hit(): boolean {
      const minute = Math.floor(clock().getTime() / 60_000);
      if (minute !== windowStart) {
        windowStart = minute;
        count = 0;
      }
      count += 1;
      return count > limit;
    },
  };
}

/**
 * The operator channel (issue 13 "Operator controls"; docs/decisions/024): POST /_operator/run `{ command, args }`
 * runs an operator command inside the server (same clock, adapters and embedded database as the API) and answers
 * `{ code, lines }`. Only callers on this machine (the socket's address on loopback, never a forwarded header) that
 * present DATA_DIR/operator-token in X-Operator-Token get in; anyone else gets the same 404 as an unknown path.
 * Brute force is pointless (256 random bits) and throttled anyway: past OPERATOR_REFUSALS_PER_MINUTE refusals in a
 * minute each refusal waits before it is answered. The throttle never touches the holder of the token: a refusal
 * count that also refused the right token would let any local process lock the operator out (issue 25).
 */
export async function operatorChannel(
  app: FastifyInstance,
  options: { token: string; commands?: readonly OperatorCommand[] },
): Promise<void> {
  const commands = options.commands ?? operatorCommands;
  const refusals = minuteCounter(OPERATOR_REFUSALS_PER_MINUTE, app.clock);
  const calls = minuteCounter(OPERATOR_CALLS_PER_MINUTE, app.clock);
  // One warning a minute: the first over-limit refusal counts 1, within the limit of 1.
  const warnings = minuteCounter(1, app.clock);

  const gate = async (request: FastifyRequest, reply: FastifyReply) => {
    const presented = request.headers[OPERATOR_TOKEN_HEADER];
    const allowed =
      isLoopbackAddress(request.socket.remoteAddress) &&
      typeof presented === 'string' &&
      isSameSecret(presented, options.token);
    if (!allowed) {
      if (refusals.hit()) {
        if (!warnings.hit()) {
          request.log.warn(
            `More than ${OPERATOR_REFUSALS_PER_MINUTE} refused operator calls this minute: something on this machine is guessing the operator token`,
          );
        }
        await delay(OPERATOR_REFUSAL_DELAY_MS);
      }
      return sendNotFound(request, reply);
    }
    if (calls.hit()) {
      return reply
        .code(429)
        .header('retry-after', '60')
        .send({
          code: 1,
          lines: ['Too many operator commands this minute: try again in a minute.'],
        });
    }
    reply.header('cache-control', 'no-store');
    return undefined;
  };

  app.post(
    OPERATOR_RUN_PATH,
    {
      // Before the body is read: nothing about the channel is revealed to others.
      onRequest: gate,
      schema: {
        hide: true,
        body: operatorRunBodySchema,
        response: { 200: operatorRunReplySchema },
      },
    },
    async (request): Promise<OperatorRunReply> => {
      const { command: name, args } = request.body as z.output<typeof operatorRunBodySchema>;
      const lines: string[] = [];
      const out = (line: string) => void lines.push(line);
      if (name === 'help') return { code: 0, lines: helpLines(commands) };
      const command = commands.find((candidate) => candidate.name === name);
      if (!command) {
        return { code: 2, lines: [`Unknown command “${name}”.`, '', ...helpLines(commands)] };
      }
      try {
        const code = await command.run(args, { app, out });
        request.log.info({ command: name, code }, 'Operator command');
        return { code, lines };
      } catch (error) {
        request.log.error({ err: error, command: name }, 'Operator command failed');
        return { code: 1, lines: [...lines, `Failed: ${(error as Error).message}`] };
      }
    },
  );
}
