import { benchProducerCeiling, benchPublisher } from './publisher-bench';
import { startPublisherPeers } from './publisher-harness';

/**
 * The publisher's figures with the publisher in this process beside the device and the reader (bench/kafka-adapter.ts
 * measures it in an adapter process of its own, as it runs, docs/decisions/054):
 * `node --import tsx packages/kafka-adapter/src/publisher/testing/publisher-bench-cli.ts [records] [paced rate]`
 * prints kafkajs's own produce rate (the ceiling), the publisher's rate as fast as the device can publish, and its
 * end-to-end latency at the paced rate (default: half the ceiling), 1 KB values, and the process's RSS.
 */
const records = Number(process.argv[2] ?? 20_000);
const peers = await startPublisherPeers([
  { name: 'bench.ceiling', partitions: 16 },
  { name: 'bench.fast', partitions: 16 },
  { name: 'bench.paced', partitions: 16 },
]);
const ceiling = await benchProducerCeiling(peers, { records, kafkaTopic: 'bench.ceiling' });
const fast = await benchPublisher(peers, { records, kafkaTopic: 'bench.fast' });
const rate = Number(process.argv[3] ?? Math.round(ceiling / 2));
const paced = await benchPublisher(peers, {
  records,
  kafkaTopic: 'bench.paced',
  ratePerSecond: rate,
});
console.log(
  JSON.stringify(
    {
      records,
      ceilingPerSecond: ceiling,
      fast,
      pacedAt: rate,
      paced,
      rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
    },
    null,
    2,
  ),
);
await peers.stop();
