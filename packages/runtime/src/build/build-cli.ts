import { RUNTIME_BUNDLE, buildRuntimeBundle } from './runtime-bundle';

/** `npm run build -w @herald/runtime`: writes dist/main.mjs (what the control plane spawns). */
const startedAt = Date.now();
await buildRuntimeBundle();
process.stdout.write(`runtime bundle: ${RUNTIME_BUNDLE} (${Date.now() - startedAt} ms)\n`);
