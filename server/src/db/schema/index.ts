export * from './achievements';
export * from './audit-logs';
export * from './auth';
export * from './glucose-readings';
export * from './mail-outbox';
export * from './profiles';
export * from './tracker-entries';
export * from './user-roles';
