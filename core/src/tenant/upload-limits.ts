import { AppError } from '../errors/app-error';

const BYTE_UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** 1099511627776 → '1 TiB', 1536 → '1.5 KiB': for messages that name a limit. */
export function formatByteSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${BYTE_UNITS[unit]}`;
}

export interface UploadLimits {
  /** MAX_UPLOAD_BYTES: the largest single file the server accepts. */
  maxUploadBytes: number;
  /** The tenant's storage quota; null is unlimited. */
  quotaBytes: number | null;
  /** What the tenant stores already, this upload left out. */
  usedBytes: number;
}

/** The most bytes one upload may reach: the file limit, or what is left of the quota if that is less. */
export function uploadAllowance(limits: UploadLimits): number {
  const left = limits.quotaBytes === null ? Infinity : Math.max(0, limits.quotaBytes - limits.usedBytes);
  return Math.min(limits.maxUploadBytes, left);
}

/**
 * Why an upload of `size` bytes (null when its length is deferred) is refused, or null when it may go ahead. A
 * deferred upload is refused only when the quota is used up already; its bytes are checked as they arrive.
 */
export function uploadRefusal(size: number | null, limits: UploadLimits): AppError | null {
  if (size !== null && size > limits.maxUploadBytes)
    return new AppError('UPLOAD_TOO_LARGE', { params: { limit: formatByteSize(limits.maxUploadBytes) } });
  if (limits.quotaBytes === null) return null;
  if (size === null ? limits.usedBytes >= limits.quotaBytes : limits.usedBytes + size > limits.quotaBytes)
    return new AppError('STORAGE_QUOTA_EXCEEDED', { params: { quota: formatByteSize(limits.quotaBytes) } });
  return null;
}
