import type { TRestoreTier } from './object-storage';

/** The storage classes whose objects must be restored before they can be read. */
export const s3ColdStorageClasses = ['GLACIER', 'DEEP_ARCHIVE'] as const;
export type TS3ColdStorageClass = (typeof s3ColdStorageClasses)[number];

/** S3's retrieval tier for ours; DEEP_ARCHIVE has no Expedited tier, so it gets Standard (up to 12 hours). */
export function s3RestoreTier(tier: TRestoreTier, storageClass: TS3ColdStorageClass): 'Expedited' | 'Standard' {
  return tier === 'express' && storageClass === 'GLACIER' ? 'Expedited' : 'Standard';
}

/** The longest a restore of the tier takes by AWS's documentation: our expected ready time when S3 says none. */
export function s3RestoreEstimateMs(tier: TRestoreTier, storageClass: TS3ColdStorageClass): number {
  if (s3RestoreTier(tier, storageClass) === 'Expedited') return 5 * 60 * 1000;
  return (storageClass === 'DEEP_ARCHIVE' ? 12 : 5) * 60 * 60 * 1000;
}

/** What HeadObject's `x-amz-restore` says. */
export interface TS3RestoreHeader {
  /** A restore was asked for and has not finished. */
  ongoing: boolean;
  /** When the restored copy goes away again; set once it is readable. */
  expiresAt: Date | null;
}

/**
 * Parses `x-amz-restore` (`ongoing-request="true"`, or `ongoing-request="false", expiry-date="Fri, 21 Dec 2012
 * 00:00:00 GMT"`). Absent (undefined or empty): no restore was asked for, or its copy has expired. Anything else is
 * null: an answer we do not understand must not read as "readable".
 */
export function parseS3RestoreHeader(header: string | undefined | null): TS3RestoreHeader | null {
  if (header === undefined || header === null || header.trim() === '') return { ongoing: false, expiresAt: null };
  const ongoing = /ongoing-request\s*=\s*"(true|false)"/i.exec(header);
  if (!ongoing) return null;
  const expiry = /expiry-date\s*=\s*"([^"]+)"/i.exec(header);
  const expiresAt = expiry ? new Date(expiry[1]!) : null;
  if (expiresAt && Number.isNaN(expiresAt.getTime())) return null;
  return { ongoing: ongoing[1]!.toLowerCase() === 'true', expiresAt };
}

/** Whether an object of `storageClass` with this restore header can be read now. */
export function s3ObjectReadable(storageClass: string | undefined, restore: TS3RestoreHeader | null): boolean {
  if (!storageClass || !(s3ColdStorageClasses as readonly string[]).includes(storageClass)) return true;
  return !!restore && !restore.ongoing && restore.expiresAt !== null;
}
