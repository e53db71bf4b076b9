/** How an item is named inside exchange files so an import finds it again by id before trying its name. */
const PREFIX = 'mam:item:';

export const mamItemRef = (itemId: string): string => `${PREFIX}${itemId}`;

/** The item id in 'mam:item:<id>', or undefined for any other reference. */
export function itemIdOfRef(ref: string | undefined): string | undefined {
  const trimmed = ref?.trim();
  if (!trimmed?.startsWith(PREFIX)) return undefined;
  const id = trimmed.slice(PREFIX.length);
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined;
}
