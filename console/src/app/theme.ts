import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  headings: { fontWeight: '600' },
});

/** Spec section 9: admin-only elements are orange for the super administrator, otherwise green. */
export function adminColor(isSuperAdmin: boolean) {
  return isSuperAdmin ? 'orange' : 'green';
}
