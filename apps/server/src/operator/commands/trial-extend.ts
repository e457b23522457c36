import { extendTrial } from '../../modules/free-trial/trial-operator';
import type { OperatorCommand } from '../operator-command';

/** Spec issue 13 "Operator controls": extend a free trial by whole days (1 to 365). Audited. */
export const trialExtendCommand: OperatorCommand = {
  name: 'trial-extend',
  usage: 'trial-extend <serviceId> <days>',
  summary: 'Extend a free trial by some days (a trial suspended at its end runs again)',
  async run(args, { app, out }) {
    const [serviceId, daysText] = args;
    const days = Number(daysText);
    if (
      args.length !== 2 ||
      !serviceId ||
      !/^\d{1,3}$/.test(daysText ?? '') ||
      days < 1 ||
      days > 365
    ) {
      out(`usage: ${this.usage} (days from 1 to 365)`);
      return 2;
    }
    const result = await extendTrial(app, serviceId, days);
    if (!result.ok) {
      out(result.message);
      return 1;
    }
    out(
      `The free trial of ${serviceId} now ends at ${result.row.trialEndsAt?.toISOString() ?? '?'}.`,
    );
    return 0;
  },
};
