import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  RUNTIME_NODE_FLAGS,
  RUNTIME_SOURCE_ENTRY,
  ensureRuntimeBundle,
} from '@herald/runtime/build/runtime-bundle';

/** How a runtime process is started: Node's arguments and its working directory. */
export interface RuntimeCommand {
  args: string[];
  cwd: string;
}

function commandFor(entry: string): RuntimeCommand {
  // TypeScript sources run through tsx (development, test stand-ins); anything else is compiled JavaScript.
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [...RUNTIME_NODE_FLAGS, entry];
  return { args, cwd: path.dirname(path.dirname(entry)) };
}

/**
 * The runtime's command at each spawn (docs/decisions/028): the compiled bundle packages/runtime/dist/main.mjs,
 * rebuilt first when missing or older than its sources (a fresh clone, a source edited while the control plane
 * runs). When it cannot be built (esbuild missing or failing) the sources start through tsx instead, slower and
 * larger but the same runtime, and the log says so: a service never stays down for want of a build.
 */
export async function resolveRuntimeCommand(
  entry: string | undefined,
  logger: FastifyBaseLogger,
): Promise<RuntimeCommand> {
  if (entry !== undefined) return commandFor(entry);
  try {
    return commandFor(await ensureRuntimeBundle());
  } catch (error) {
    logger.warn(
      { error: String(error) },
      'runtime bundle could not be built: starting the runtime from its sources with tsx',
    );
    return commandFor(RUNTIME_SOURCE_ENTRY);
  }
}
