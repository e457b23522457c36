import { delayRemoval } from '../../modules/free-trial/trial-operator';
import type { OperatorCommand } from '../operator-command';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as the start of that day in UTC; null when it is not a real date. */
export function parseRemovalDate(text: string | undefined): Date | null {
  const match = DATE.exec(text ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? date
    : null;
}

/** Spec section 9 "permanent removal unless delayed": a later removal date for a suspended trial service. Audited. */
export const delayRemovalCommand: OperatorCommand = {
  name: 'delay-removal',
  usage: 'delay-removal <serviceId> <YYYY-MM-DD>',
  summary: 'Delay the removal of a service suspended by its free trial to a later date (UTC)',
  async run(args, { app, out }) {
    const [serviceId, dateText] = args;
    const date = parseRemovalDate(dateText);
    if (args.length !== 2 || !serviceId || !date) {
      out(`usage: ${this.usage}`);
      return 2;
    }
    const result = await delayRemoval(app, serviceId, date);
    if (!result.ok) {
      out(result.message);
      return 1;
    }
    out(`The service ${serviceId} will be removed on ${date.toISOString().slice(0, 10)}.`);
    return 0;
  },
};
