import type { Client } from 'aedes';
import type { Duplex } from 'node:stream';

/** aedes' per-client fields used here (lib/client.js); not in its typings. */
interface AedesClientFields {
  _eos: () => void;
  _parser: { settings: { protocolVersion?: number; bridgeMode?: boolean } };
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
