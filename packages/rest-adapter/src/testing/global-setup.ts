import { ensureRuntimeBundle } from '@herald/runtime/build/runtime-bundle';
import { ensureAdapterBundle } from '../build/adapter-bundle';

/** The process tests start the built runtime and the built adapter (as the control plane does): built once first. */
export default async function setup(): Promise<void> {
  await Promise.all([ensureRuntimeBundle(), ensureAdapterBundle()]);
}
