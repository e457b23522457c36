import { ensureKafkaMockBinary } from '@herald/kafka-mock/kafka-mock-binary';
import { ensureRuntimeBundle } from '@herald/runtime/build/runtime-bundle';
import { ensureAdapterBundle } from '../build/adapter-bundle';

/**
 * The process tests start the test peer, the built runtime and the built adapter (as the control plane does): build
 * them once before any test file runs.
 */
export default async function setup(): Promise<void> {
  await Promise.all([ensureKafkaMockBinary(), ensureRuntimeBundle(), ensureAdapterBundle()]);
}
