export * from './audit-logs';
export * from './auth';
export * from './mail-outbox';
export * from './profiles';
export * from './user-roles';
