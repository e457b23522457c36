// Issue 13 tables (payments); filled in by its builder, exported from index.ts.
export {};
