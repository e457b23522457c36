// Issue 13 tables (marketplace); filled in by its builder, exported from index.ts.
export {};
