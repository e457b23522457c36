import { ADAPTER_BUNDLE, buildAdapterBundle } from './adapter-bundle';

/** `npm run build -w @herald/rest-adapter`: writes dist/main.mjs (what the control plane spawns). */
const startedAt = Date.now();
await buildAdapterBundle();
process.stdout.write(`REST adapter bundle: ${ADAPTER_BUNDLE} (${Date.now() - startedAt} ms)\n`);
