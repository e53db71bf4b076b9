/**
 * The groups every tenant is provisioned with, by kind, with the name they are created under. The console shows
 * a built-in group still carrying this name in the reader's language; a name someone typed stays as typed.
 */
export const builtInGroupNames = {
  organisation: 'Everyone',
  administrators: 'Administrators',
} as const;

export type BuiltInGroupKind = keyof typeof builtInGroupNames;
export const builtInGroupKinds = Object.keys(builtInGroupNames) as BuiltInGroupKind[];
