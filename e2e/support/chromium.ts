/**
 * Debian's Chromium as every browser run here starts it (STACK.md: no browser download; the flags keep it quiet,
 * headless and off the network). Shared by playwright.config.ts and the browser benches.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
