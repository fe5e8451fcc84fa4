export * from './errors.ts';
export * from './api.ts';
export * from './lang.ts';
export * from './device.ts';
export * from './tenant.ts';
export * from './themes.ts';
export * from './verification.ts';
export * from './password.ts';
