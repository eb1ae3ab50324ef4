// Test helpers: import from '@district/service-kit/testing', never from runtime code.
export * from './test-database';
export * from './test-redis';
export * from './test-identity';
export * from './test-service';
export * from './wait-for';
export * from './service-client';
export * from './outages';
export * from './schema-drift';
export * from './published-audit';
export * from './mail-sink';
