export * from './object-storage';
export { createLocalStorage } from './local-storage';
export { createLocalColdStorage, DEFAULT_COLD_DELAYS, type TColdDelays } from './local-cold-storage';
export * from './s3-restore';
export { createS3Storage, s3ErrorToStorageError, type S3StorageOptions } from './s3-storage';
export { assumeRoleCredentials, type AssumeRoleOptions } from './assume-role';
export { scopeStorage } from './scoped-storage';
export {
  endpointIsPermitted,
  parsePrivateEndpoint,
  parsePrivateEndpoints,
  PrivateEndpointError,
  type TPrivateEndpoint,
} from './endpoint-guard';
export { createGuardedFetch, type TGuardedFetch } from './guarded-fetch';
export { classifyAddress, isPrivateAddress, type TAddressKind } from './private-address';
export { startS3TestServer, type S3TestServer } from './testing/s3-test-server';
