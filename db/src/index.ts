export * from './client/database';
export * from './client/database-errors';
export * from './repositories';
export * as schema from './schema';
export type { TGroupKind, TAuthCodePurpose, TAccessColumn, TStorageScanStatus } from './schema';
