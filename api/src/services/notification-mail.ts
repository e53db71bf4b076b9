import { mailForNotification, type TMailLocale } from '@mam/core';
import type { TNotificationRow, TUserRow } from '@mam/db';
import type { MailMessage } from '@mam/workers';

/** Subject and body of a notification e-mail in the recipient's language (the words are core's mail catalogue). */
export function notificationMail(
  row: TNotificationRow,
  user: TUserRow,
  organisation: string,
  link: string,
  locale: TMailLocale,
): Omit<MailMessage, 'to'> {
  return mailForNotification(locale, {
    kind: row.kind,
    actorName: row.actorName,
    params: row.params,
    recipientName: user.name,
    organisation,
    link,
  });
}
