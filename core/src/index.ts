export * from './auth/credentials.schema';
export * from './http/problem.schema';
export * from './profiles/profile.schema';
export * from './roles/roles.schema';
