import { isApprovalStatus } from '@mam/core';
import type { TFunction } from 'i18next';
import type { RouterOutputs } from '../../lib/trpc';

export type TNotification = RouterOutputs['notifications']['list']['notifications'][number];

/** Which of a crash recording's notifications this is: stopped or switched by another user, or ended on its own. */
function liveRecordingEvent(event: string, reason: string): string {
  if (event === 'switched') return 'switched';
  if (event === 'ended') return reason === 'duration' ? 'ended_duration' : 'ended_source_lost';
  return 'stopped';
}

/**
 * The sentence of a notification in the console's language: who did what to which item, share or request.
 * `dateTime` writes a moment (a task's due date) as the user's preferences ask.
 */
export function notificationMessage(
  t: TFunction,
  n: TNotification,
  dateTime: (iso: string) => string = (iso) => iso,
): string {
  const text = (key: string) => {
    const value = n.params[key];
    return value === null || value === undefined ? '' : String(value);
  };
  const values = {
    actor: n.actor.name || t('notifications.someone'),
    title: n.item?.title ?? (text('title') || t('notifications.hiddenItem')),
    shareTitle: text('shareTitle'),
    requestTitle: text('requestTitle'),
    fileName: text('fileName'),
    date: text('dueAt') ? dateTime(text('dueAt')) : '',
    source: text('source'),
    target: text('target'),
  };
  const key =
    n.kind === 'share_activity'
      ? `share_${text('activity') === 'commented' ? 'commented' : 'opened'}`
      : n.kind === 'approval_changed'
        ? `approval_${isApprovalStatus(text('status')) ? text('status') : 'none'}`
        : n.kind === 'live_recording'
          ? `live_recording_${liveRecordingEvent(text('event'), text('reason'))}`
          : // A restore from cold storage is told apart: its requester may have waited hours for the media.
            (n.kind === 'operation_finished' || n.kind === 'operation_failed') && text('operation') === 'restore'
            ? n.kind === 'operation_finished'
              ? 'restore_finished'
              : 'restore_failed'
            : n.kind;
  return t(`notifications.messages.${key}`, values);
}
