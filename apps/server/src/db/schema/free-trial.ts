// Issue 13 tables (free-trial); filled in by its builder, exported from index.ts.
export {};
