import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  RestoreObjectCommand,
  S3Client,
  UploadPartCommand,
  type ListObjectsV2CommandOutput,
  type Part,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { guardedLookup, literalEndpointRefusal, PRIVATE_ENDPOINT_CODE, type TPrivateEndpoint } from './endpoint-guard';
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeOf,
  StorageError,
  type ColdStorage,
  type MultipartUploads,
  type ObjectStorage,
  type TObjectEntry,
} from './object-storage';
import {
  parseS3RestoreHeader,
  s3ObjectReadable,
  s3RestoreEstimateMs,
  s3RestoreTier,
  type TS3ColdStorageClass,
} from './s3-restore';

const MiB = 1024 * 1024;
// S3 allows 10,000 parts; leave headroom so a file that grows a little while it is read still fits.
const MAX_PARTS = 9_000;

export interface S3StorageOptions {
  /** An S3-compatible gateway's URL; AWS itself when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Applied in front of every key; empty for the bucket's root. */
  prefix: string;
  /** Access keys, a provider (an assumed role), or undefined for the server's default credential chain. */
  credentials: S3ClientConfig['credentials'] | undefined;
  /** `bucket` in the path instead of the host name; most gateways need it. */
  forcePathStyle: boolean;
  /** Multipart part size for streams of unknown length (default 16 MiB; at least 5 MiB). */
  partSize?: number;
  /** Parts uploaded at once; memory use is at most partSize × queueSize. */
  queueSize?: number;
  /**
   * Endpoints the operator allows on a private network (STORAGE_PRIVATE_ENDPOINTS). Every other host that is, or
   * resolves to, a loopback, private, link-local or similar address is refused when connecting.
   */
  privateEndpoints?: readonly TPrivateEndpoint[];
  /**
   * A cold location: objects are written in this storage class and must be restored (RestoreObject, then polled
   * with HeadObject's x-amz-restore) before they can be read. s3rver cannot do storage classes or restores, so this
   * path is covered by the header parser's unit tests only; the local cold storage runs the workflow end to end.
   */
  coldStorageClass?: TS3ColdStorageClass;
}

// How long a restored copy stays readable: long enough for the restore workflow to copy it back online.
const RESTORED_DAYS = 2;

type TSdkError = Error & {
  code?: string;
  errors?: Array<{ code?: string }>;
  $metadata?: { httpStatusCode?: number };
  cause?: { code?: string };
};

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Turns what the SDK throws into a StorageError with a sentence an administrator can act on. */
export function s3ErrorToStorageError(error: unknown, where: { bucket: string; key?: string }): StorageError {
  if (error instanceof StorageError) return error;
  const e = (error ?? {}) as TSdkError;
  const status = e.$metadata?.httpStatusCode;
  // The SDK sometimes wraps socket errors so that only the message still names the errno.
  const errno =
    e.code ??
    e.cause?.code ??
    e.errors?.find((x) => x.code)?.code ??
    [PRIVATE_ENDPOINT_CODE, ...networkCodes].find((code) => typeof e.message === 'string' && e.message.includes(code));
  const bucket = where.bucket;
  if (errno === PRIVATE_ENDPOINT_CODE) {
    // Says no more than the operator's rule: the address a name resolved to is not the tenant's business.
    return new StorageError(
      'unreachable',
      'The storage endpoint is on a private network; the operator has not allowed it.',
      { cause: error },
    );
  }
  if (errno && networkCodes.has(errno)) {
    return new StorageError('unreachable', `The storage endpoint cannot be reached (${errno}).`, { cause: error });
  }
  switch (e.name) {
    case 'TimeoutError':
    case 'RequestTimeout':
      return new StorageError('unreachable', 'The storage endpoint did not answer in time.', { cause: error });
    case 'NoSuchBucket':
      return new StorageError('bucket_not_found', `The bucket "${bucket}" does not exist.`, { cause: error });
    case 'NoSuchUpload':
      return new StorageError('not_found', `No multipart upload of "${where.key ?? ''}" is under way.`, {
        cause: error,
      });
    case 'NoSuchKey':
    case 'NotFound':
      return where.key
        ? new StorageError('not_found', `No object at "${where.key}".`, { cause: error })
        : new StorageError('bucket_not_found', `The bucket "${bucket}" does not exist.`, { cause: error });
    case 'InvalidAccessKeyId':
      return new StorageError('invalid_credentials', 'The access key is not known to the storage service.', {
        cause: error,
      });
    case 'SignatureDoesNotMatch':
      return new StorageError('invalid_credentials', 'The secret key does not match the access key.', {
        cause: error,
      });
    case 'ExpiredToken':
    case 'InvalidToken':
    case 'TokenRefreshRequired':
      return new StorageError('invalid_credentials', 'The temporary credentials are invalid or have expired.', {
        cause: error,
      });
    case 'CredentialsProviderError':
      return new StorageError('invalid_credentials', 'The server found no credentials to use for this storage.', {
        cause: error,
      });
    case 'AccessDenied':
    case 'AllAccessDisabled':
    case 'Forbidden':
      return new StorageError('access_denied', `Access to the bucket "${bucket}" was denied.`, { cause: error });
    case 'PermanentRedirect':
    case 'AuthorizationHeaderMalformed':
    case 'IllegalLocationConstraintException':
      return new StorageError('wrong_region', `The bucket "${bucket}" is in a different region.`, { cause: error });
    case 'InvalidObjectState':
      return new StorageError(
        'not_restored',
        `"${where.key ?? ''}" is in cold storage and cannot be read until it is restored.`,
        { cause: error },
      );
    case 'InvalidRange':
      return new StorageError('invalid_range', `The range is outside "${where.key ?? ''}".`, { cause: error });
    case 'InvalidBucketName':
      return new StorageError('bucket_not_found', `"${bucket}" is not a valid bucket name.`, { cause: error });
  }
  if (status === 404) {
    return where.key
      ? new StorageError('not_found', `No object at "${where.key}".`, { cause: error })
      : new StorageError('bucket_not_found', `The bucket "${bucket}" does not exist.`, { cause: error });
  }
  if (status === 403) {
    return new StorageError('access_denied', `Access to the bucket "${bucket}" was denied.`, { cause: error });
  }
  if (status === 301) {
    return new StorageError('wrong_region', `The bucket "${bucket}" is in a different region.`, { cause: error });
  }
  if (status === 416) {
    return new StorageError('invalid_range', `The range is outside "${where.key ?? ''}".`, { cause: error });
  }
  const detail = e.message && e.message !== 'UnknownError' ? e.message : (e.name ?? 'unknown error');
  return new StorageError('failed', `The storage service reported an error: ${detail}`, { cause: error });
}

/** A readable that counts what passes through it, for the size of a streamed upload. */
function counted(body: Readable): { stream: PassThrough; bytes: () => number } {
  let bytes = 0;
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  body.on('error', (error) => stream.destroy(error));
  body.pipe(stream);
  return { stream, bytes: () => bytes };
}

/** Total size from `Content-Range: bytes 0-9/1234`, else the body's length. */
function totalSize(contentRange: string | undefined, contentLength: number | undefined): number {
  const total = contentRange ? /\/(\d+)$/.exec(contentRange)?.[1] : undefined;
  return total ? Number(total) : (contentLength ?? 0);
}

/**
 * A bucket (and path prefix) on AWS S3 or an S3-compatible gateway, over the AWS SDK v3. Uploads stream as
 * multipart uploads; downloads stream the response body.
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage & { destroy(): void } {
  const bucket = options.bucket;
  const prefix = options.prefix.replace(/^\/+|\/+$/g, '');
  const partSize = Math.max(5 * MiB, options.partSize ?? 16 * MiB);
  const queueSize = options.queueSize ?? 4;
  const partSizeFor = (size: number) => Math.max(partSize, Math.ceil(size / MAX_PARTS));
  const allowed = options.privateEndpoints ?? [];
  const endpointUrl = options.endpoint ? new URL(options.endpoint) : undefined;
  const port = endpointUrl?.port ? Number(endpointUrl.port) : endpointUrl?.protocol === 'http:' ? 80 : 443;
  // Agents of our own: the SDK builds a fresh agent (without this lookup) for 100-continue requests unless the
  // agents are given, and a guard that some requests skip is none.
  const lookup = guardedLookup(allowed, port);
  const agentOptions = { keepAlive: true, maxSockets: 50, lookup };
  const client = new S3Client({
    region: options.region || 'us-east-1',
    endpoint: options.endpoint || undefined,
    forcePathStyle: options.forcePathStyle,
    // A copy: the SDK annotates credential objects it is given, and the caller's must stay as they were.
    credentials:
      typeof options.credentials === 'object' && options.credentials !== null
        ? { ...options.credentials }
        : options.credentials,
    // Gateways that predate flexible checksums reject or mangle aws-chunked bodies; send checksums only where S3
    // demands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 10_000,
      socketTimeout: 120_000,
      httpAgent: new http.Agent(agentOptions),
      httpsAgent: new https.Agent(agentOptions),
    },
  });
  // An IP address as the host never reaches a lookup; such an endpoint is judged once, and every request refused.
  const refusal = literalEndpointRefusal(options.endpoint, allowed);
  if (refusal) {
    client.middlewareStack.add(
      () => async () => {
        throw refusal;
      },
      { step: 'initialize', name: 'mamPrivateEndpointRefusal' },
    );
  }

  const fullKey = (key: string) => (prefix ? `${prefix}/${key}` : key);
  const relativeKey = (full: string) => (prefix ? full.slice(prefix.length + 1) : full);

  async function run<T>(key: string | undefined, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      throw s3ErrorToStorageError(error, { bucket, key });
    }
  }

  async function upload(
    key: string,
    body: Readable,
    contentType: string | undefined,
    size: number | undefined,
  ): Promise<void> {
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: fullKey(key),
        Body: body,
        ContentType: contentType ?? contentTypeOf(key),
        StorageClass: options.coldStorageClass,
      },
      partSize: size === undefined ? partSize : partSizeFor(size),
      queueSize,
      leavePartsOnError: false,
    });
    await run(key, () => upload.done());
  }

  async function listAll(keyPrefix: string, onPage: (page: ListObjectsV2CommandOutput) => Promise<void>) {
    let token: string | undefined;
    do {
      const page = await run(undefined, () =>
        client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: fullKey(keyPrefix), ContinuationToken: token })),
      );
      await onPage(page);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function getObject(key: string, range?: { start: number; end: number }) {
    assertValidKey(key);
    if (range && (range.start < 0 || range.start > range.end)) {
      throw new StorageError('invalid_range', `Range ${range.start}-${range.end} is not valid.`);
    }
    const output = await run(key, () =>
      client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: fullKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      ),
    );
    if (!(output.Body instanceof Readable)) throw new StorageError('failed', 'The storage returned no body.');
    return {
      body: output.Body,
      size: totalSize(output.ContentRange, output.ContentLength),
      contentType: output.ContentType ?? contentTypeOf(key),
    };
  }

  const coldClass = options.coldStorageClass;
  const multipart: MultipartUploads = {
    partSizeFor,
    queueSize,
    async create(key, putOptions) {
      assertValidKey(key);
      const output = await run(key, () =>
        client.send(
          new CreateMultipartUploadCommand({
            Bucket: bucket,
            Key: fullKey(key),
            ContentType: putOptions?.contentType ?? contentTypeOf(key),
            StorageClass: coldClass,
          }),
        ),
      );
      if (!output.UploadId) throw new StorageError('failed', 'The storage started an upload without an upload id.');
      return output.UploadId;
    },
    async listParts(key, uploadId) {
      assertValidKey(key);
      const parts: Part[] = [];
      let marker: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListPartsCommand({ Bucket: bucket, Key: fullKey(key), UploadId: uploadId, PartNumberMarker: marker }),
          );
          parts.push(...(page.Parts ?? []));
          marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
        } while (marker);
      } catch (error) {
        // Gateways without ListParts (s3rver) say so; the caller then trusts its own record of the parts.
        const status = (error as TSdkError).$metadata?.httpStatusCode;
        if (status === 405 || status === 501) return null;
        throw s3ErrorToStorageError(error, { bucket, key });
      }
      return parts.map((p) => ({
        partNumber: p.PartNumber ?? 0,
        etag: (p.ETag ?? '').replaceAll('"', ''),
        size: p.Size ?? 0,
      }));
    },
    async uploadPart(key, uploadId, partNumber, body, signal) {
      assertValidKey(key);
      const output = await run(key, () =>
        client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: fullKey(key),
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: body,
            ContentLength: body.length,
          }),
          { abortSignal: signal },
        ),
      );
      if (!output.ETag) throw new StorageError('failed', `The storage did not acknowledge part ${partNumber}.`);
      return { etag: output.ETag.replaceAll('"', '') };
    },
    async complete(key, uploadId, parts) {
      assertValidKey(key);
      await run(key, () =>
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: fullKey(key),
            UploadId: uploadId,
            MultipartUpload: {
              Parts: [...parts]
                .sort((a, b) => a.partNumber - b.partNumber)
                .map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag}"` })),
            },
          }),
        ),
      );
    },
    async abort(key, uploadId) {
      assertValidKey(key);
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: fullKey(key), UploadId: uploadId }));
      } catch (error) {
        const failure = s3ErrorToStorageError(error, { bucket, key });
        if (failure.reason !== 'not_found') throw failure;
      }
    },
  };

  async function restoreStatus(key: string) {
    assertValidKey(key);
    const output = await run(key, () => client.send(new HeadObjectCommand({ Bucket: bucket, Key: fullKey(key) })));
    // S3 says when a restored copy expires, never when a restore will finish.
    return { ready: s3ObjectReadable(output.StorageClass, parseS3RestoreHeader(output.Restore)), readyAt: null };
  }

  const cold: ColdStorage | undefined = coldClass && {
    async requestRestore(key, tier) {
      assertValidKey(key);
      const requestedAt = Date.now();
      try {
        await client.send(
          new RestoreObjectCommand({
            Bucket: bucket,
            Key: fullKey(key),
            RestoreRequest: { Days: RESTORED_DAYS, GlacierJobParameters: { Tier: s3RestoreTier(tier, coldClass) } },
          }),
        );
      } catch (error) {
        // A second request while one is under way is S3's 409; the first one stands.
        if ((error as { name?: string }).name !== 'RestoreAlreadyInProgress') {
          throw s3ErrorToStorageError(error, { bucket, key });
        }
      }
      const status = await restoreStatus(key);
      if (status.ready) return status;
      return { ready: false, readyAt: new Date(requestedAt + s3RestoreEstimateMs(tier, coldClass)) };
    },
    restoreStatus,
  };

  return {
    kind: 's3',
    ...(cold ? { cold } : {}),
    multipart,

    destroy: () => client.destroy(),

    async put(key, body, putOptions) {
      assertValidKey(key);
      const { stream, bytes } = counted(body);
      await upload(key, stream, putOptions?.contentType, undefined);
      return { size: bytes() };
    },

    async putFile(key, filePath, putOptions) {
      assertValidKey(key);
      // Fails with the file system's own ENOENT when the file is missing, before anything is sent.
      const { size } = await stat(filePath);
      await upload(key, createReadStream(filePath), putOptions?.contentType, size);
      return { size };
    },

    get: getObject,

    async head(key) {
      assertValidKey(key);
      try {
        const output = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: fullKey(key) }));
        return {
          size: output.ContentLength ?? 0,
          contentType: output.ContentType ?? contentTypeOf(key),
          modifiedAt: output.LastModified ?? null,
          ...(output.ETag ? { etag: output.ETag.replaceAll('"', '') } : {}),
        };
      } catch (error) {
        const failure = s3ErrorToStorageError(error, { bucket, key });
        if (failure.reason === 'not_found') return null;
        throw failure;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await run(key, () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fullKey(key) })));
    },

    async deletePrefix(keyPrefix) {
      assertValidPrefix(keyPrefix, { allowEmpty: false });
      let deleted = 0;
      await listAll(keyPrefix, async (page) => {
        const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
        if (keys.length === 0) return;
        const output = await run(undefined, () =>
          client.send(
            new DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
            }),
          ),
        );
        const failed = output.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new StorageError(
            first.Code === 'AccessDenied' ? 'access_denied' : 'failed',
            `${failed.length} objects could not be deleted (${first.Code ?? 'error'}: ${first.Message ?? ''}).`,
          );
        }
        deleted += keys.length;
      });
      return deleted;
    },

    async list(keyPrefix) {
      assertValidPrefix(keyPrefix, { allowEmpty: true });
      const found: TObjectEntry[] = [];
      await listAll(keyPrefix, async (page) => {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          found.push({
            key: relativeKey(object.Key),
            size: object.Size ?? 0,
            ...(object.LastModified ? { modifiedAt: object.LastModified } : {}),
            ...(object.ETag ? { etag: object.ETag.replaceAll('"', '') } : {}),
          });
        }
      });
      return found.sort((a, b) => (a.key < b.key ? -1 : 1));
    },

    async toLocalFile(key, tmpDir) {
      const { body } = await getObject(key);
      await mkdir(tmpDir, { recursive: true });
      const dir = await mkdtemp(path.join(tmpDir, 's3-'));
      const cleanup = () => rm(dir, { recursive: true, force: true });
      // The key's own file name, so tools that look at the extension see the right one.
      const file = path.join(dir, path.posix.basename(key));
      try {
        await pipeline(body, createWriteStream(file));
      } catch (error) {
        await cleanup();
        throw s3ErrorToStorageError(error, { bucket, key });
      }
      return { path: file, cleanup };
    },

    async test() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const failure = s3ErrorToStorageError(error, { bucket });
        if (failure.reason !== 'access_denied') throw failure;
        // A HEAD answer has no body, so 403 cannot tell a wrong key from a missing permission; a listing can.
        await run(undefined, () => client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 })));
      }
      const probeKey = `.mam-connection-test/${randomUUID()}`;
      const expected = `mam connection test ${new Date().toISOString()}`;
      try {
        await upload(probeKey, Readable.from([Buffer.from(expected)]), 'text/plain', expected.length);
        const { body } = await getObject(probeKey);
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        if (Buffer.concat(chunks).toString('utf8') !== expected) {
          throw new StorageError('failed', 'The bucket returned different content than was written.');
        }
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fullKey(probeKey) })).catch(() => undefined);
      }
    },
  };
}
