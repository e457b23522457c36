import { endTrialNow } from '../../modules/free-trial/trial-operator';
import type { OperatorCommand } from '../operator-command';

/** Ends a free trial now; the trial scheduler's next tick (within a minute) converts or suspends it. Audited. */
export const trialEndCommand: OperatorCommand = {
  name: 'trial-end',
  usage: 'trial-end <serviceId>',
  summary: 'End a free trial now (the next minute converts it with a card, else suspends it)',
  async run(args, { app, out }) {
    const [serviceId] = args;
    if (args.length !== 1 || !serviceId) {
      out(`usage: ${this.usage}`);
      return 2;
    }
    const result = await endTrialNow(app, serviceId);
    if (!result.ok) {
      out(result.message);
      return 1;
    }
    out(`The free trial of ${serviceId} ended; the trial scheduler applies it within a minute.`);
    return 0;
  },
};
