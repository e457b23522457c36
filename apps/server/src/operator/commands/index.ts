import type { OperatorCommand } from '../operator-command';
import { grantCreditCommand } from './grant-credit';
import { invoiceRunCommand } from './invoice-run';
import { settleInvoiceCommand } from './settle-invoice';
import { exemptCommand, manualBillingCommand } from './workspace-flag';
import { workspacesCommand } from './workspaces';
import { delayRemovalCommand } from './trial-delay-removal';
import { trialEndCommand } from './trial-end';
import { trialExtendCommand } from './trial-extend';
import { marketplaceStatusCommand } from './marketplace-status';
import { marketplaceSubscribeCommand } from './marketplace-subscribe';

/** Every operator command, in the order `npm run operator` lists them. */
export const operatorCommands: OperatorCommand[] = [
  workspacesCommand,
  exemptCommand,
  manualBillingCommand,
  grantCreditCommand,
  invoiceRunCommand,
  settleInvoiceCommand,
  trialExtendCommand,
  trialEndCommand,
  delayRemovalCommand,
  marketplaceSubscribeCommand,
  marketplaceStatusCommand,
];
