import type { FeatureFlag } from '@herald/contract/flags/flags';

/*
 * The signed-in user's flags as the server evaluated them for the page (the page answers' OFREP bulk answer,
 * docs/decisions/029; issue 25, item 14). The painted page renders with them and the app reads them until its own
 * OpenFeature client has evaluated, so what is painted equals what the app draws and nothing flag-gated appears or
 * moves when the app starts. No SDK import: this is part of the entry chunk and of the server's renderer.
 */

let seeded: Readonly<Record<string, boolean>> = {};

/** Replaces the seeded values (an empty object: none, every flag reads off until evaluated). */
export function seedFlags(values: Readonly<Record<string, boolean>>): void {
  seeded = { ...values };
}

/** The seeded value of a flag; off when the page carried none. */
export function seededFlag(key: FeatureFlag): boolean {
  return seeded[key] ?? false;
}
