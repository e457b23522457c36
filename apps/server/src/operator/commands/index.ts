import type { OperatorCommand } from '../operator-command';
import { marketplaceStatusCommand } from './marketplace-status';
import { marketplaceSubscribeCommand } from './marketplace-subscribe';

/** Every operator command, in the order `npm run operator` lists them. */
export const operatorCommands: OperatorCommand[] = [
  marketplaceSubscribeCommand,
  marketplaceStatusCommand,
];
