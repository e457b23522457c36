import { ensureRuntimeBundle } from '../build/runtime-bundle';

/** The process tests spawn the built runtime, as the control plane does: build it first when missing or stale. */
export default async function setup(): Promise<void> {
  await ensureRuntimeBundle();
}
