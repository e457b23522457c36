import type { AdapterKindDeclaration } from './adapter-kind';

/**
 * The adapter kinds this installation runs, beside the `runtime` kind every service has (runtime-kind.ts). Issue 27
 * adds the Kafka adapter's declaration from its package here, issue 28 the REST adapter's; nothing else changes.
 */
export const ADAPTER_KINDS: readonly AdapterKindDeclaration[] = [];
