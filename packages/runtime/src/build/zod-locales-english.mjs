// zod's `locales` namespace as the bundled runtime needs it: English only. zod re-exports every locale, ~290 KiB of
// the bundle's 1.1 MiB, which V8 holds as source text in every runtime and pre-parses at each start (issue 14). The
// runtime sets no locale; zod's schemas use English by themselves.
export { default as en } from 'zod/v4/locales/en.js';
