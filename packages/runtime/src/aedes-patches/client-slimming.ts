import type { Client } from 'aedes';
import type { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';

/** aedes' per-client fields used here (lib/client.js); not in its typings. */
interface AedesClientFields {
  _eos: () => void;
  _parser: {
    settings: { protocolVersion?: number; bridgeMode?: boolean };
    client?: Client;
  } & Pick<EventEmitter, 'listeners' | 'removeListener' | 'on'>;
  close(): void;
}

function noop(): void {}

/** One shared listener for every connection: aedes sets `conn.client` to the connection's Client. */
function closeClientOfStream(this: Duplex & { client?: Client }): void {
  (this.client as unknown as AedesClientFields | undefined)?.close();
}

/**
 * Replaces aedes' end-of-stream watch of a new connection by one shared 'close' listener (issue 14). aedes calls
 * `stream.finished(conn, client.close)` per client: seven closures and their context held for the life of every
 * session, and on each close an `ERR_STREAM_PREMATURE_CLOSE` error built (with its stack) only to be ignored
 * (`close(done)` calls `done` only when it is a function). What it watched is still covered: 'end' (aedes listens
 * to it itself), 'error' (aedes' error listener closes the client after destroying the stream), and every other
 * way a stream ends emits 'close' once it is destroyed.
 */
export function watchCloseCheaply(client: Client, stream: Duplex): void {
  const fields = client as unknown as AedesClientFields;
  fields._eos();
  fields._eos = noop;
  stream.on('close', closeClientOfStream);
}

/** One shared listener for every connection and parser (both carry `client`): the error goes to the client. */
function emitErrorOnClient(this: { client?: Client }, error: Error): void {
  this.client?.emit('error', error);
}

/**
 * Replaces the listener aedes bound for one client (a bound function's name is "bound " and its target's name) by
 * a shared one, in the order that allocates least: an event's only listener is replaced by adding the shared one
 * first (taking the only one out first deletes the event's key, which turns the emitter's `_events` into a
 * dictionary: ~300 bytes a session); one of several is taken out first (adding first pushes onto the listener
 * array, which then keeps room for 19: ~150 bytes). The listeners aedes binds are the last on their event when this
 * runs (just after `broker.handle`), so the order of listeners stays as it was.
 */
function shareBoundListener(
  emitter: Pick<EventEmitter, 'listeners' | 'removeListener' | 'on'>,
  event: string,
  boundName: string,
  shared: (...args: never[]) => void,
): void {
  const listeners = emitter.listeners(event) as Array<(...args: unknown[]) => void>;
  const bound = listeners.find((listener) => listener.name === boundName);
  if (bound === undefined) return;
  if (listeners.length === 1) {
    emitter.on(event, shared as (...args: unknown[]) => void);
    emitter.removeListener(event, bound);
  } else {
    emitter.removeListener(event, bound);
    emitter.on(event, shared as (...args: unknown[]) => void);
  }
}

/**
 * aedes' Client binds three listeners for each connection (lib/client.js: the stream's and the parser's 'error' to
 * `client.emit('error')`, the stream's 'end' to `client.close`): ~200 bytes a session in bound functions and their
 * argument lists (issue 14). Shared listeners find the client through the `client` field aedes sets on both, and do
 * the same.
 */
export function shareClientListeners(client: Client, stream: Duplex): void {
  shareBoundListener(stream, 'error', 'bound emit', emitErrorOnClient);
  shareBoundListener(stream, 'end', 'bound close', closeClientOfStream);
  shareBoundListener(
    (client as unknown as AedesClientFields)._parser,
    'error',
    'bound emit',
    emitErrorOnClient,
  );
}

/** Parser settings by protocol version (and bridge flag): shared, so a session keeps no object of its own. */
const sharedSettings = new Map<string, { protocolVersion?: number; bridgeMode?: boolean }>();

/**
 * mqtt-packet's parser keeps the whole CONNECT packet as its settings for the life of the connection, and with it
 * the password (a token of ~300 bytes) and the received chunk it is a slice of (issue 14: ~0.7 KiB a session). It
 * reads only `protocolVersion` and `bridgeMode` from it afterwards, so after login those two are kept, in an object
 * shared by every session of that protocol. No copy of a session's password then stays in memory either.
 */
export function releaseConnectPacket(client: Client): void {
  const parser = (client as unknown as AedesClientFields)._parser;
  const { protocolVersion, bridgeMode } = parser.settings;
  const key = `${protocolVersion}/${bridgeMode === true}`;
  let settings = sharedSettings.get(key);
  if (settings === undefined) {
    settings = Object.freeze({ protocolVersion, bridgeMode: bridgeMode === true });
    sharedSettings.set(key, settings);
  }
  parser.settings = settings;
}

/**
 * aedes keeps, per client, the counter of the last message it delivered from each broker (`duplicates`, keyed by
 * broker id) in an `Object.create(null)`: V8 makes such an object a dictionary (~185 bytes, empty). A null-prototype
 * object made by `Object.setPrototypeOf({}, null)` reads the same (no inherited names) and stays a fast object
 * (~57 bytes); every client's holds the same single key, this broker's id, so they share one shape too.
 */
export function leanDuplicates(client: Client): void {
  (client as unknown as { duplicates: Record<string, number> }).duplicates = Object.setPrototypeOf(
    {},
    null,
  ) as Record<string, number>;
}

/**
 * aedes keeps a client's subscriptions by filter in an `Object.create(null)` too: a dictionary of ~180 bytes even
 * while empty, as most idle sessions' are. It starts here as a fast null-prototype object (no inherited names: a
 * filter "constructor" or "__proto__" is an own key as before). Keys come from the wire, so V8 gives each first
 * filter a shape of its own until the transitions from the empty shape reach its limit (1,536), after which new
 * ones start as dictionaries; an unsubscribe (a `delete`) makes the object a dictionary, as it always was. That
 * bounds the shapes to a few hundred KiB, against ~180 bytes saved on every session.
 */
export function leanSubscriptions(client: Client): void {
  (client as unknown as { subscriptions: Record<string, unknown> }).subscriptions =
    Object.setPrototypeOf({}, null) as Record<string, unknown>;
}

/**
 * aedes' window of a client's inbound QoS 2 messages awaiting PUBREL (`_inboundInflight`, read with `has`, `size`,
 * `add` and `delete` in lib/handlers/publish.js and pubrel.js): an empty `Set` is ~185 bytes, made for every client
 * though most never send QoS 2. This one makes its Set at the first `add`; until then it reads as an empty one.
 */
export class LazySet<T> {
  private set: Set<T> | null = null;

  get size(): number {
    return this.set === null ? 0 : this.set.size;
  }

  has(value: T): boolean {
    return this.set !== null && this.set.has(value);
  }

  add(value: T): this {
    (this.set ??= new Set()).add(value);
    return this;
  }

  delete(value: T): boolean {
    return this.set !== null && this.set.delete(value);
  }

  clear(): void {
    this.set?.clear();
  }

  [Symbol.iterator](): IterableIterator<T> {
    return (this.set ?? new Set<T>()).values();
  }
}

type EventsTable = Record<string | symbol, unknown>;

/**
 * EventEmitter makes its listener table as `{ __proto__: null }`, which V8 keeps as a dictionary (~180 bytes of
 * property store besides the object); aedes' Client and its parser keep theirs for the life of every session
 * (issue 14: two of the three dictionaries a session held). A copy made from `Object.setPrototypeOf({}, null)` has no
 * inherited names either and stays a fast object. `last`, a listener removed later (the client's once-listener on
 * 'connected', gone at CONNACK), is put last: V8 takes the last-added property out by rolling the shape back, where
 * taking out any other would turn the object into a dictionary again.
 */
export function leanEvents(emitter: object, last?: string): void {
  const holder = emitter as { _events: EventsTable };
  const events = holder._events;
  const lean = Object.setPrototypeOf({}, null) as EventsTable;
  for (const key of Reflect.ownKeys(events)) if (key !== last) lean[key] = events[key];
  if (last !== undefined && Object.hasOwn(events, last)) lean[last] = events[last];
  holder._events = lean;
}

/**
 * What a new connection's client is given up front (issue 14, memory per session): the close watch and the error
 * and end listeners, shared; a lean `duplicates` and `subscriptions`, a QoS 2 window made on first use, and fast listener
 * tables.
 */
export function slimClient(client: Client, stream: Duplex): void {
  watchCloseCheaply(client, stream);
  shareClientListeners(client, stream);
  leanDuplicates(client);
  leanSubscriptions(client);
  (client as unknown as { _inboundInflight: LazySet<number> })._inboundInflight = new LazySet();
  leanEvents(client, 'connected');
  leanEvents((client as unknown as AedesClientFields)._parser);
}
