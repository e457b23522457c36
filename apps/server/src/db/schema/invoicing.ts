// Issue 13 tables (invoicing); filled in by its builder, exported from index.ts.
export {};
