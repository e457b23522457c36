import { randomBytes } from 'node:crypto';
import { CONSOLE_SSO_COOKIE_SECONDS } from '@herald/contract/constants';

/**
 * The console's single sign-on tickets (docs/decisions/020): 32 random bytes, valid for the console cookie's 30
 * seconds, bound to one service and one member, and single-use (taking a ticket removes it, whether or not the
 * caller then accepts it). They live in this server's memory: the ticket is never a credential a database leak
 * could replay, and a restart only voids tickets younger than 30 s.
 */
export interface ConsoleTicket {
  serviceId: string;
  customerId: string;
  expiresAt: number;
}

export interface ConsoleTicketStore {
  issue(input: { serviceId: string; customerId: string }): { ticket: string; expiresIn: number };
  /** The ticket's binding if it exists and has not expired; it is gone afterwards either way. */
  take(ticket: string): ConsoleTicket | undefined;
  readonly size: number;
}

/** More than this many live tickets means someone is minting them in a loop: the oldest go first. */
const MAX_LIVE_TICKETS = 10_000;
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createConsoleTicketStore(clock: () => Date): ConsoleTicketStore {
  const tickets = new Map<string, ConsoleTicket>();
  const prune = (now: number) => {
    for (const [ticket, entry] of tickets) {
      if (entry.expiresAt <= now || tickets.size > MAX_LIVE_TICKETS) tickets.delete(ticket);
    }
  };
  return {
    issue({ serviceId, customerId }) {
      const now = clock().getTime();
      prune(now);
      const ticket = randomBytes(32).toString('base64url');
      tickets.set(ticket, {
        serviceId,
        customerId,
        expiresAt: now + CONSOLE_SSO_COOKIE_SECONDS * 1000,
      });
      return { ticket, expiresIn: CONSOLE_SSO_COOKIE_SECONDS };
    },
    take(ticket) {
      if (!TICKET_SHAPE.test(ticket)) return undefined;
      const entry = tickets.get(ticket);
      tickets.delete(ticket);
      if (entry === undefined || entry.expiresAt <= clock().getTime()) return undefined;
      return entry;
    },
    get size() {
      return tickets.size;
    },
  };
}

/**
 * One store per HTTP server: the control-plane route that issues a ticket and the service-host hook that takes it
 * run in different Fastify encapsulation contexts of the same app, which share `app.server`.
 */
const stores = new WeakMap<object, ConsoleTicketStore>();
export function consoleTicketsOf(app: { server: object; clock: () => Date }): ConsoleTicketStore {
  let store = stores.get(app.server);
  if (store === undefined) {
    store = createConsoleTicketStore(app.clock);
    stores.set(app.server, store);
  }
  return store;
}
