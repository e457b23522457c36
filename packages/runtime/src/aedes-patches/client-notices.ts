import type { Aedes, PublishPacket } from 'aedes';
import type { MQEmitter } from 'mqemitter';

type Publish = (packet: PublishPacket, client?: unknown, done?: unknown) => void;

/** What mqemitter's topic matcher (qlobber) answers: the listeners of every filter that matches a topic. */
interface Matcher {
  match(topic: string): unknown[];
}

/**
 * aedes publishes `$SYS/<broker id>/new/clients` at every CONNECT and `$SYS/<broker id>/disconnect/clients` at every
 * close: notices for the other brokers of a cluster sharing one emitter (one closes its client when another broker
 * takes the client id over). A runtime is a single broker, so the only listeners such a notice can have beside
 * aedes' own cluster handler are subscribers to `$SYS/` (VIEW_SERVER may subscribe there). Each notice is a whole
 * publish through aedes' steps and the emitter's queue, on every CONNECT and every close (issue 14, the connect
 * rate). A notice that no subscription matches is answered at once instead of published; with a `$SYS/` subscriber
 * it is published as before.
 */
export function skipUnheardClientNotices(broker: Aedes, mq: MQEmitter): void {
  const matcher = (mq as unknown as { _matcher: Matcher })._matcher;
  const prefix = `$SYS/${broker.id}/`;
  const newClients = `${prefix}new/clients`;
  const disconnectClients = `${prefix}disconnect/clients`;
  // aedes' own listeners (its cluster handler on `$SYS/+/new/clients`), there before any client subscribes.
  const ownListeners = new Map([
    [newClients, matcher.match(newClients).length],
    [disconnectClients, matcher.match(disconnectClients).length],
  ]);
  const brokerWithPublish = broker as unknown as { publish: Publish };
  const publish = brokerWithPublish.publish;
  brokerWithPublish.publish = function publishIfHeard(this: Aedes, packet, client, done) {
    // A notice's topic starts with "$"; a client's PUBLISH never does (`$SYS/` is refused before it gets here).
    if (packet.topic.charCodeAt(0) === 36) {
      const own = ownListeners.get(packet.topic);
      if (own !== undefined && matcher.match(packet.topic).length <= own) {
        const callback = typeof client === 'function' ? client : done;
        if (typeof callback === 'function') process.nextTick(callback as () => void);
        return;
      }
    }
    publish.call(this, packet, client, done);
  };
}
