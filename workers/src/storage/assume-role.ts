import type { S3ClientConfig } from '@aws-sdk/client-s3';
// The STS client the S3 client's own credential chain loads for role profiles (a dependency of @aws-sdk/client-s3).
import { AssumeRoleCommand, STSClient } from '@aws-sdk/nested-clients/sts';
import { StorageError } from './object-storage';
import { s3ErrorToStorageError } from './s3-storage';

type TCredentialProvider = Extract<NonNullable<S3ClientConfig['credentials']>, (...args: never[]) => unknown>;
type TCredentials = Awaited<ReturnType<TCredentialProvider>>;

// Renew this long before the temporary credentials expire, so no request is signed with nearly dead ones.
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface AssumeRoleOptions {
  roleArn: string;
  /**
   * Must match the role's trust policy (`sts:ExternalId`). The tenant id: a role trusting this server for one
   * tenant cannot be assumed by another tenant that learns its ARN (the confused-deputy problem).
   */
  externalId: string;
  region: string;
  /** STS endpoint override (tests, private endpoints). */
  endpoint?: string;
  /** Whose credentials ask STS; the server's default credential chain when absent. */
  sourceCredentials?: S3ClientConfig['credentials'];
  sessionName?: string;
}

/** Temporary credentials of `roleArn`, assumed through STS with the server's credentials and renewed as needed. */
export function assumeRoleCredentials(options: AssumeRoleOptions): TCredentialProvider {
  const sts = new STSClient({
    region: options.region || 'us-east-1',
    endpoint: options.endpoint,
    credentials: options.sourceCredentials,
    maxAttempts: 3,
  });
  let current: { credentials: TCredentials; renewAt: number } | null = null;
  let pending: Promise<TCredentials> | null = null;

  async function assume(): Promise<TCredentials> {
    try {
      const output = await sts.send(
        new AssumeRoleCommand({
          RoleArn: options.roleArn,
          RoleSessionName: options.sessionName ?? 'mam-storage',
          ExternalId: options.externalId,
          DurationSeconds: 3600,
        }),
      );
      const issued = output.Credentials;
      if (!issued?.AccessKeyId || !issued.SecretAccessKey) throw new Error('STS returned no credentials');
      const expiration = issued.Expiration ? new Date(issued.Expiration) : undefined;
      const credentials: TCredentials = {
        accessKeyId: issued.AccessKeyId,
        secretAccessKey: issued.SecretAccessKey,
        sessionToken: issued.SessionToken,
        expiration,
      };
      current = {
        credentials,
        renewAt: (expiration?.getTime() ?? Date.now() + 3_600_000) - REFRESH_MARGIN_MS,
      };
      return credentials;
    } catch (error) {
      const failure = s3ErrorToStorageError(error, { bucket: '' });
      if (failure.reason !== 'access_denied') throw failure;
      throw new StorageError(
        'access_denied',
        `The role ${options.roleArn} could not be assumed; check its trust policy and external id.`,
        { cause: error },
      );
    }
  }

  return async () => {
    if (current && Date.now() < current.renewAt) return current.credentials;
    pending ??= assume().finally(() => {
      pending = null;
    });
    return pending;
  };
}
