import { adapterBundle } from '@herald/adapter-kit/adapter-bundle';

/** This adapter's compiled bundle, dist/main.mjs (adapter-kit's adapter-bundle.ts says how and why). */
const bundle = adapterBundle(import.meta.url);

export const ADAPTER_PACKAGE_DIR = bundle.packageDir;
export const ADAPTER_SOURCE_ENTRY = bundle.sourceEntry;
export const ADAPTER_BUNDLE = bundle.bundle;
export const buildAdapterBundle = bundle.build;
export const isAdapterBundleFresh = bundle.isFresh;
export const ensureAdapterBundle = bundle.ensure;
