/** Keys, IDs and patterns are typed character for character, so their inputs (not their labels) are monospaced. */
export const monospaceInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
