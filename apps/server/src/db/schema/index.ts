// The whole Drizzle schema, one file per table; drizzle-kit and the database adapters read it from here.
export * from './instance-info';
