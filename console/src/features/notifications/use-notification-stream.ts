import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';

/**
 * Keeps the bell live: the server pushes an event per new notification (server-sent events, with the session
 * cookie), and the lists and counts are fetched again. EventSource reconnects by itself after a drop.
 */
export function useNotificationStream(enabled: boolean) {
  const utils = trpc.useUtils();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/notifications/stream');
    const refresh = () => void utils.notifications.invalidate();
    const arrived = () => {
      refresh();
      // An assignment, a reply or a mention changes My tasks or an open comment thread too.
      void utils.comments.myTasks.invalidate();
      void utils.comments.list.invalidate();
    };
    source.addEventListener('unread', refresh);
    source.addEventListener('notification', arrived);
    return () => source.close();
  }, [enabled, utils]);
}
