/** Saves text the server produced as a file, without a second request. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser has it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name made of the item's title, safe on every file system. */
export function safeFileName(title: string, extension: string): string {
  // Control characters and the characters Windows, macOS or Linux refuse in names become '_'.
  const cleaned = [...title].map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '_' : char));
  const base = cleaned.join('').replace(/_+/g, '_').trim().slice(0, 120) || 'metadata';
  return `${base}.${extension}`;
}
