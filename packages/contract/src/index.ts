export * from './api.ts';
export * from './constants.ts';
export * from './findings.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './roles.ts';
export * from './schemas.ts';
export * from './uploads.ts';
