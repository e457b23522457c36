import type { Aedes, Client } from 'aedes';

/** aedes' keep-alive fields of a client (lib/handlers/connect.js, lib/handlers/index.js); not in its typings. */
interface KeepAliveFields {
  _keepaliveTimer: { refresh(): unknown } | null;
  _keepaliveInterval: number;
  closed: boolean;
}

/** A client's keep-alive deadline: what aedes' per-client `Timeout` did, as one small object in a shared set. */
class KeepAliveDeadline {
  deadlineMs: number;

  constructor(
    readonly client: Client,
    readonly intervalMs: number,
  ) {
    this.deadlineMs = Date.now() + intervalMs;
  }

  /** aedes calls `_keepaliveTimer.refresh()` for every packet the client sends, as it did on its own Timeout. */
  refresh(): this {
    this.deadlineMs = Date.now() + this.intervalMs;
    return this;
  }
}

export interface KeepAliveWheel {
  /** Takes over a logged-in client's keep-alive from aedes (call it on 'clientReady'). */
  adopt(client: Client): void;
  stop(): void;
  /** Clients watched (closed ones leave at the next sweep). */
  readonly size: number;
}

/**
 * One shared keep-alive watch instead of a Node `Timeout` (plus its closure and context) per client (issue 14:
 * memory per idle session). aedes arms a timer per client at login and refreshes it on every packet; this replaces
 * that timer with a deadline in a set swept every `sweepMs`: a packet only writes a number, and a client silent for
 * one and a half times its Keep Alive (MQTT 3.1.1 section 3.1.2.10; aedes adds 1 ms) is dropped exactly as aedes
 * drops it ('keepaliveTimeout', then the client's error closes it), at most `sweepMs` later than aedes' own timer.
 * aedes' `close()` still calls `clearTimeout` on the field (a no-op on this object) and clears it; the sweep then
 * forgets the entry.
 */
export function createKeepAliveWheel(
  broker: Pick<Aedes, 'emit'>,
  options: { sweepMs?: number } = {},
): KeepAliveWheel {
  const deadlines = new Set<KeepAliveDeadline>();
  const sweep = () => {
    const now = Date.now();
    for (const entry of deadlines) {
      const fields = entry.client as unknown as KeepAliveFields;
      if (fields.closed || fields._keepaliveTimer !== entry) {
        deadlines.delete(entry);
      } else if (now >= entry.deadlineMs) {
        deadlines.delete(entry);
        broker.emit('keepaliveTimeout', entry.client);
        entry.client.emit('error', new Error('keep alive timeout'));
      }
    }
  };
  const timer = setInterval(sweep, options.sweepMs ?? 1000);
  timer.unref();
  return {
    adopt(client) {
      const fields = client as unknown as KeepAliveFields;
      const aedesTimer = fields._keepaliveTimer;
      if (fields.closed || aedesTimer === null || fields._keepaliveInterval <= 0) return;
      if (aedesTimer instanceof KeepAliveDeadline) return;
      clearTimeout(aedesTimer as NodeJS.Timeout);
      const entry = new KeepAliveDeadline(client, fields._keepaliveInterval);
      fields._keepaliveTimer = entry;
      deadlines.add(entry);
    },
    stop() {
      clearInterval(timer);
      deadlines.clear();
    },
    get size() {
      return deadlines.size;
    },
  };
}
