import { createTheme, Modal, Paper, Tabs, Tooltip } from '@mantine/core';

/** Dense and calm, like the control-room tools its users sit in front of all day. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  fontFamilyMonospace: 'JetBrains Mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: {
    fontWeight: '600',
    sizes: {
      h2: { fontSize: '1.375rem', lineHeight: '1.3' },
      h3: { fontSize: '1.125rem', lineHeight: '1.35' },
      h4: { fontSize: '1rem', lineHeight: '1.4' },
    },
  },
  components: {
    Paper: Paper.extend({ defaultProps: { radius: 'sm' } }),
    Tabs: Tabs.extend({ defaultProps: { keepMounted: false } }),
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: 250, withArrow: true } }),
    Modal: Modal.extend({ defaultProps: { overlayProps: { backgroundOpacity: 0.6, blur: 2 } } }),
  },
});

/** Spec section 9: admin-only elements are orange for the super administrator, otherwise green. */
export function adminColor(isSuperAdmin: boolean): 'orange' | 'green' {
  return isSuperAdmin ? 'orange' : 'green';
}
