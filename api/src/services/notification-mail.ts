import { mentionsToPlainText } from '@mam/core';
import type { TNotificationRow, TUserRow } from '@mam/db';
import type { MailMessage } from '@mam/workers';

function param(row: TNotificationRow, key: string): string {
  const value = row.params[key];
  return value === null || value === undefined ? '' : String(value);
}

/** The first line of a notification: what happened, in the words the bell uses (English: mail has no locale). */
export function notificationSentence(row: TNotificationRow): string {
  const who = row.actorName ?? 'Someone';
  const title = param(row, 'title');
  switch (row.kind) {
    case 'assigned':
      return `${who} assigned you a comment on ${title}`;
    case 'mentioned':
      return `${who} mentioned you on ${title}`;
    case 'reply':
      return `${who} replied to a comment on ${title}`;
    case 'share_activity':
      return param(row, 'activity') === 'commented'
        ? `${who} commented on your share ${param(row, 'shareTitle')}`
        : `${who} opened your share ${param(row, 'shareTitle')}`;
    case 'upload_received':
      return `A file arrived through your upload request ${param(row, 'requestTitle')}: ${param(row, 'fileName')}`;
    case 'operation_finished':
      return `Processing finished: ${title}`;
    case 'operation_failed':
      return `Processing failed: ${title}`;
  }
}

/** Subject and body of a notification e-mail; mention tokens in quoted comment text become plain @names. */
export function notificationMail(
  row: TNotificationRow,
  user: TUserRow,
  organisation: string,
  link: string,
): Omit<MailMessage, 'to'> {
  const sentence = notificationSentence(row);
  const text = param(row, 'text');
  const error = param(row, 'error');
  return {
    subject: organisation ? `${sentence} (${organisation})` : sentence,
    text: [
      `Hello ${user.name},`,
      '',
      `${sentence}.`,
      ...(text ? ['', `"${mentionsToPlainText(text)}"`] : []),
      ...(error ? ['', error] : []),
      '',
      `Open it: ${link}`,
      '',
      'You can choose which notifications come by e-mail under User settings.',
    ].join('\n'),
  };
}
