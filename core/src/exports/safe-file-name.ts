/** A file name made of a title, safe on every file system (downloads from the console and the API alike). */
export function safeFileName(title: string, extension: string, fallback = 'metadata'): string {
  // Control characters and the characters Windows, macOS or Linux refuse in names become '_'.
  const cleaned = [...title].map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '_' : char));
  const base = cleaned.join('').replace(/_+/g, '_').trim().slice(0, 120) || fallback;
  return `${base}.${extension}`;
}
