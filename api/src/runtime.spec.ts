import type { DatabaseHandle } from '@mam/db';
import pino from 'pino';
import { parseEnv } from './config/env';
import { createRuntimeServices } from './runtime';

describe('createRuntimeServices', () => {
  // The api, the media worker (worker-main) and the CLI all build their services here: one allowance for all.
  it('hands STORAGE_PRIVATE_ENDPOINTS to the storage service', () => {
    const env = parseEnv({ STORAGE_PRIVATE_ENDPOINTS: 'minio:9000', SECRET_KEY: 'ab'.repeat(32) });
    const services = createRuntimeServices(env, { db: {} } as unknown as DatabaseHandle, pino({ level: 'silent' }));
    expect(services.deps.config.storagePrivateEndpoints).toEqual([{ host: 'minio', port: 9000 }]);
  });
});
