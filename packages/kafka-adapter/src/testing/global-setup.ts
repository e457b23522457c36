import { ensureKafkaMockBinary } from '@herald/kafka-mock/kafka-mock-binary';
import { ensureRuntimeBundle } from '@herald/runtime/build/runtime-bundle';

/** The process tests start the test peer and the built runtime: build both once before any test file runs. */
export default async function setup(): Promise<void> {
  await Promise.all([ensureKafkaMockBinary(), ensureRuntimeBundle()]);
}
