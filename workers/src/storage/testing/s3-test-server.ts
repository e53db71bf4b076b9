import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The part of s3rver's API used here. */
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  vhostBuckets: boolean;
  configureBuckets: Array<{ name: string }>;
}) => { run(): Promise<{ port: number }>; close(): Promise<void>; httpServer?: { closeAllConnections(): void } };

export interface S3TestServer {
  endpoint: string;
  /** The only key pair the server accepts. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 at a free port, keeping its objects in a fresh temporary folder;
 * for medium tests only (s3rver is a development dependency, loaded on first use).
 */
export async function startS3TestServer(options: { buckets: string[] }): Promise<S3TestServer> {
  // A computed specifier: s3rver ships no types, and the console's type check follows these files too.
  const { default: S3rver } = (await import('s3rver' as string)) as { default: S3rverConstructor };
  const directory = await mkdtemp(path.join(os.tmpdir(), 'mam-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    close: async () => {
      const closed = server.close();
      // Clients keep their connections alive, and close() alone waits for them.
      server.httpServer?.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
