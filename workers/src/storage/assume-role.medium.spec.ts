import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { assumeRoleCredentials } from './assume-role';
import { parsePrivateEndpoints } from './endpoint-guard';
import { StorageError } from './object-storage';
import { createS3Storage } from './s3-storage';
import { startS3TestServer, type S3TestServer } from './testing/s3-test-server';

const ROLE = 'arn:aws:iam::123456789012:role/mam-media';

/** A stand-in for STS: grants the role to the expected external id only, handing out s3rver's key pair. */
function fakeSts(grantedExternalId: string) {
  const calls: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const params = new URLSearchParams(body);
      calls.push(params);
      response.setHeader('content-type', 'text/xml');
      if (params.get('Action') !== 'AssumeRole' || params.get('ExternalId') !== grantedExternalId) {
        response.statusCode = 403;
        response.end(
          '<ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code>' +
            '<Message>not authorized to perform sts:AssumeRole</Message></Error><RequestId>1</RequestId></ErrorResponse>',
        );
        return;
      }
      response.end(
        '<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><Credentials>' +
          '<AccessKeyId>S3RVER</AccessKeyId><SecretAccessKey>S3RVER</SecretAccessKey><SessionToken>session</SessionToken>' +
          `<Expiration>${new Date(Date.now() + 3_600_000).toISOString()}</Expiration></Credentials>` +
          '<AssumedRoleUser><AssumedRoleId>AROA:mam</AssumedRoleId>' +
          `<Arn>${ROLE.replace(':iam:', ':sts:')}/mam-storage</Arn></AssumedRoleUser></AssumeRoleResult>` +
          '<ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></AssumeRoleResponse>',
      );
    });
  });
  return { server, calls };
}

describe('assumed-role credentials', () => {
  let s3: S3TestServer;
  let sts: ReturnType<typeof fakeSts>;
  let stsUrl: string;

  beforeAll(async () => {
    s3 = await startS3TestServer({ buckets: ['media'] });
    sts = fakeSts('tenant-a');
    await new Promise<void>((resolve) => (sts.server as Server).listen(0, '127.0.0.1', resolve));
    stsUrl = `http://127.0.0.1:${(sts.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await s3.close();
    await new Promise((resolve) => sts.server.close(resolve));
  });

  const storageFor = (externalId: string) =>
    createS3Storage({
      endpoint: s3.endpoint,
      region: 'eu-north-1',
      bucket: 'media',
      prefix: 'role',
      forcePathStyle: true,
      // s3rver listens on loopback: allowed explicitly, as an operator allows a private gateway.
      privateEndpoints: parsePrivateEndpoints('127.0.0.1'),
      credentials: assumeRoleCredentials({
        roleArn: ROLE,
        externalId,
        region: 'eu-north-1',
        endpoint: stsUrl,
        sourceCredentials: { accessKeyId: 'SERVER', secretAccessKey: 'server-secret' },
      }),
    });

  it('assumes the role with the tenant as external id once, and uses it for every request', async () => {
    const storage = storageFor('tenant-a');
    await storage.test();
    await storage.put('tenant-a/x.txt', Readable.from([Buffer.from('x')]));
    expect(await storage.head('tenant-a/x.txt')).toMatchObject({ size: 1 });
    expect(sts.calls).toHaveLength(1);
    expect(Object.fromEntries(sts.calls[0]!)).toMatchObject({
      Action: 'AssumeRole',
      RoleArn: ROLE,
      ExternalId: 'tenant-a',
      RoleSessionName: 'mam-storage',
    });
    storage.destroy();
  });

  it('says the role could not be assumed when the trust policy refuses', async () => {
    const storage = storageFor('tenant-b');
    const error = await storage.test().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ reason: 'access_denied' });
    expect((error as Error).message).toContain(`The role ${ROLE} could not be assumed`);
    storage.destroy();
  });
});
