/** What a notification is about; the console words each kind and the user picks which ones come by e-mail. */
export const NOTIFICATION_KINDS = [
  'assigned',
  'task_due',
  'mentioned',
  'reply',
  'approval_changed',
  'share_activity',
  'upload_received',
  'operation_finished',
  'operation_failed',
  'live_recording',
] as const;

export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Until the user chooses, assignments, task reminders and mentions come by e-mail too; the rest only in the bell. */
export const DEFAULT_EMAIL_KINDS: readonly TNotificationKind[] = ['assigned', 'task_due', 'mentioned'];

export function isNotificationKind(value: string): value is TNotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}
