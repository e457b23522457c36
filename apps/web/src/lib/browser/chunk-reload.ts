import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '@herald/contract/constants';

/** sessionStorage key of the last reload caused by a chunk-load failure (epoch ms). */
export const CHUNK_RELOAD_STORAGE_KEY = 'herald:last-chunk-reload-at';

/**
 * Spec section 2: a chunk-load failure (usually a deploy that replaced the hashed files the
 * open tab refers to) reloads the page, at most once per minute so a genuinely missing chunk
 * cannot cause a reload loop.
 */
export function shouldReloadAfterChunkError(now: number, lastReloadAt: number | null): boolean {
  return (
    lastReloadAt === null ||
    now - lastReloadAt >= CHUNK_RELOAD_MIN_INTERVAL_MS ||
    now < lastReloadAt
  );
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload
  /Loading (CSS )?chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

function readLastReloadAt(storage: Storage): number | null {
  const value = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export interface ChunkReloadDependencies {
  now?: () => number;
  storage?: Storage;
  reloadPage?: () => void;
}

/**
 * Whether a chunk-load failure now may reload the page (reads the last reload time only).
 * Without working storage the answer is no: the rate limit could not hold.
 */
export function canReloadAfterChunkError({
  now = Date.now,
  storage = window.sessionStorage,
}: Omit<ChunkReloadDependencies, 'reloadPage'> = {}): boolean {
  try {
    return shouldReloadAfterChunkError(now(), readLastReloadAt(storage));
  } catch {
    return false;
  }
}

/** Reloads when the rule allows and records the time; returns whether it reloaded. */
export function reloadAfterChunkError({
  now = Date.now,
  storage = window.sessionStorage,
  reloadPage = () => window.location.reload(),
}: ChunkReloadDependencies = {}): boolean {
  if (!canReloadAfterChunkError({ now, storage })) return false;
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now()));
  } catch {
    // Without storage we cannot rate-limit; do not reload, or we could loop.
    return false;
  }
  reloadPage();
  return true;
}

/**
 * Vite fires `vite:preloadError` when a dynamic import's preloads fail. Reloading there (and
 * preventing the default rethrow) covers most deploy races; when the rule says no, the error
 * propagates to the route's lazy import and the router's error page shows.
 */
export function listenForPreloadErrors(dependencies: ChunkReloadDependencies = {}): () => void {
  const handlePreloadError = (event: Event) => {
    if (reloadAfterChunkError(dependencies)) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', handlePreloadError);
  return () => window.removeEventListener('vite:preloadError', handlePreloadError);
}
