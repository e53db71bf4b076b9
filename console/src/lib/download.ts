/** Saves a Blob made in the browser as a file, without another request. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser has it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text the server produced as a file, without a second request. */
export function downloadText(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

export { safeFileName } from '@mam/core';
