// The whole Drizzle schema, one file per table group; drizzle-kit and the database adapters read it from here.
export * from './instance-info';
export * from './auth';
export * from './auth-token';
export * from './user-profile';
export * from './rate-limit';
export * from './mail-outbox';
export * from './workspace';
export * from './consent';
export * from './service';
export * from './dashboard-revocation';
export * from './service-log';
export * from './usage';
export * from './payments';
export * from './invoicing';
export * from './free-trial';
export * from './marketplace';
export * from './kafka-adapter';
