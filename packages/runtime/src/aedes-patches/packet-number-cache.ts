import mqttPacket from 'mqtt-packet';

/**
 * Turns off mqtt-packet's number cache before the broker writes its first packet (issue 14). On its first write
 * mqtt-packet builds a 2-byte Buffer for every number from 0 to 65,535 (message ids, lengths): 65,536 objects, ~6 MiB
 * of heap held for good, which the session bench counted as 1.3 KiB of every one of 5,000 sessions. Without it each
 * number written is a 2-byte Buffer from Node's shared pool (mqtt-packet's documented switch; it must be set before
 * any write). One copy of mqtt-packet is installed, so this is the one aedes writes with.
 */
export function disablePacketNumberCache(): void {
  mqttPacket.writeToStream.cacheNumbers = false;
}
