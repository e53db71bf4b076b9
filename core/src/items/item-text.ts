/**
 * The longest item title and description (UTF-16 code units, as zod counts them), the same wherever they are set:
 * item edits over tRPC and REST, and metadata forms, whose title and description fields are the item's.
 */
export const ITEM_TITLE_MAX_LENGTH = 500;
export const ITEM_DESCRIPTION_MAX_LENGTH = 20_000;

/**
 * The longest text a metadata value may hold: the title's limit for the title field, the description's for any
 * other, so no value grows every search page that returns it without bound.
 */
export function metadataTextMaxLength(fieldId: string): number {
  return fieldId === 'title' ? ITEM_TITLE_MAX_LENGTH : ITEM_DESCRIPTION_MAX_LENGTH;
}
