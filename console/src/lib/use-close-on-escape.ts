import { useWindowEvent } from '@mantine/hooks';

/**
 * Closes an open popover on Escape wherever focus is. Mantine's Popover listens on its dropdown alone, so one opened
 * by a click (focus still on its button) would otherwise stay open; menus and modals move focus in and need none.
 */
export function useCloseOnEscape(opened: boolean, close: () => void) {
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape' && !event.defaultPrevented) close();
  });
}
