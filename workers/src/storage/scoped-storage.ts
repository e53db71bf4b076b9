import { StorageError, type ObjectStorage } from './object-storage';

/**
 * The same storage, refusing every key outside `scope` (e.g. `<tenantId>/`). Locations are shared by tenants (the
 * built-in local storage holds every tenant's files), so a key built from another tenant's ids fails loudly here
 * instead of reaching that tenant's media.
 */
export function scopeStorage(storage: ObjectStorage, scope: string): ObjectStorage {
  if (!scope.endsWith('/')) throw new Error('A storage scope ends with "/"');
  const check = (key: string) => {
    if (typeof key !== 'string' || !key.startsWith(scope) || key.length === scope.length) {
      throw new StorageError('invalid_key', `Storage key "${key}" is outside "${scope}"`);
    }
    return key;
  };
  const cold = storage.cold;
  const multipart = storage.multipart;
  return {
    kind: storage.kind,
    ...(cold
      ? {
          cold: {
            requestRestore: async (key, tier) => cold.requestRestore(check(key), tier),
            restoreStatus: async (key) => cold.restoreStatus(check(key)),
          },
        }
      : {}),
    ...(multipart
      ? {
          multipart: {
            partSizeFor: (size) => multipart.partSizeFor(size),
            queueSize: multipart.queueSize,
            create: async (key, options) => multipart.create(check(key), options),
            listParts: async (key, uploadId) => multipart.listParts(check(key), uploadId),
            uploadPart: async (key, uploadId, partNumber, body, signal) =>
              multipart.uploadPart(check(key), uploadId, partNumber, body, signal),
            complete: async (key, uploadId, parts) => multipart.complete(check(key), uploadId, parts),
            abort: async (key, uploadId) => multipart.abort(check(key), uploadId),
          },
        }
      : {}),
    put: async (key, body, options) => storage.put(check(key), body, options),
    putFile: async (key, filePath, options) => storage.putFile(check(key), filePath, options),
    get: async (key, range) => storage.get(check(key), range),
    head: async (key) => storage.head(check(key)),
    delete: async (key) => storage.delete(check(key)),
    deletePrefix: async (prefix) => storage.deletePrefix(check(prefix)),
    list: async (prefix) => storage.list(prefix === scope ? prefix : check(prefix)),
    toLocalFile: async (key, tmpDir) => storage.toLocalFile(check(key), tmpDir),
    test: () => storage.test(),
  };
}
