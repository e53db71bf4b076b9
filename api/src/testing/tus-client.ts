import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** The tus 1.0 requests a client makes, over inject: create, append chunks, ask the offset, terminate. */
export class TusTestClient {
  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string>,
  ) {}

  async create(size: number, metadata: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...this.headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': encodeMetadata(metadata),
      },
    });
  }

  async append(location: string, offset: number, chunk: Buffer): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...this.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: chunk,
    });
  }

  async offset(location: string): Promise<LightMyRequestResponse> {
    return this.app.inject({ method: 'HEAD', url: location, headers: { ...this.headers, 'tus-resumable': '1.0.0' } });
  }

  async terminate(location: string): Promise<LightMyRequestResponse> {
    return this.app.inject({ method: 'DELETE', url: location, headers: { ...this.headers, 'tus-resumable': '1.0.0' } });
  }

  /** A whole file in chunks; resolves with the item id the server gave the upload. */
  async upload(
    file: string,
    metadata: Record<string, string>,
    chunkSize = 64 * 1024,
  ): Promise<{ itemId: string; location: string }> {
    const data = readFileSync(file);
    const created = await this.create(data.length, metadata);
    if (created.statusCode !== 201) throw new Error(`create failed ${created.statusCode}: ${created.body}`);
    const location = String(created.headers.location);
    for (let offset = 0; offset < data.length; offset += chunkSize) {
      const response = await this.append(location, offset, data.subarray(offset, offset + chunkSize));
      if (response.statusCode !== 204) throw new Error(`append failed ${response.statusCode}: ${response.body}`);
    }
    return { itemId: String(created.headers['item-id']), location };
  }
}
