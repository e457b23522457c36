import type { OperatorCommand } from '../operator-command';

/** Every operator command, in the order `npm run operator` lists them. */
export const operatorCommands: OperatorCommand[] = [];
