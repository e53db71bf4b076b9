function readFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function readDirectory(entry: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = entry.createReader();
  const children: FileSystemEntry[] = [];
  // readEntries answers in batches (100 in Chrome) until it returns none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return children;
    children.push(...batch);
  }
}

async function filesOf(entry: FileSystemEntry, inFolder: boolean): Promise<File[]> {
  // Inside folders, system clutter (.DS_Store, ._resource forks) is not media.
  if (inFolder && entry.name.startsWith('.')) return [];
  try {
    if (entry.isFile) return [await readFile(entry as FileSystemFileEntry)];
    if (entry.isDirectory) {
      const children = await readDirectory(entry as FileSystemDirectoryEntry);
      return (await Promise.all(children.map((child) => filesOf(child, true)))).flat();
    }
  } catch (error) {
    console.warn('Could not read a dropped file', entry.fullPath, error);
  }
  return [];
}

/**
 * The files of a drop, with the files inside dropped folders when `folders` is set. The entries are taken while the
 * drop event runs (the browser empties the data transfer afterwards) and read afterwards.
 */
export function collectDroppedFiles(data: DataTransfer, folders: boolean): Promise<File[]> {
  const items = Array.from(data.items).filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  const plain = Array.from(data.files);
  if (!folders || entries.length === 0 || entries.some((entry) => entry === null)) {
    // Without entry support a dropped folder shows as an empty, typeless "file": leave it out.
    return Promise.resolve(plain.filter((file, i) => !(entries[i]?.isDirectory ?? false)));
  }
  return Promise.all(entries.map((entry) => filesOf(entry!, false))).then((lists) => lists.flat());
}
