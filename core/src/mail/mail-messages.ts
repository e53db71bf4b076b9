import { mentionsToPlainText } from '../notifications/mentions';
import type { TNotificationKind } from '../notifications/notification-kinds';
import { formatMailDateTime, mailText } from './mail-catalogue';
import type { TMailLocale } from './mail-language';

/** Subject and plain-text body; the sender adds the address. */
export interface TMail {
  subject: string;
  text: string;
}

export type TNotificationMailParams = Readonly<Record<string, string | number | null | undefined>>;

export interface TNotificationMailInput {
  kind: TNotificationKind;
  /** Null or empty for an act without a known name: "Someone". */
  actorName: string | null;
  /** The notification's parameters: title, shareTitle, activity, requestTitle, fileName, text, error. */
  params: TNotificationMailParams;
  recipientName: string;
  /** The tenant's name, shown in the subject; empty leaves it out. */
  organisation: string;
  link: string;
}

function param(params: TNotificationMailParams, key: string): string {
  const value = params[key];
  return value === null || value === undefined ? '' : String(value);
}

type TApprovalSentence =
  | 'notification.approvalApproved'
  | 'notification.approvalNeedsChanges'
  | 'notification.approvalInReview'
  | 'notification.approvalNone';

/** One sentence per status: the words around the status differ from language to language. */
function approvalSentence(status: string): TApprovalSentence {
  switch (status) {
    case 'approved':
      return 'notification.approvalApproved';
    case 'needs_changes':
      return 'notification.approvalNeedsChanges';
    case 'in_review':
      return 'notification.approvalInReview';
    default:
      return 'notification.approvalNone';
  }
}

/** A crash recording someone started was stopped or switched by another user, or ended on its own. */
export function liveRecordingSentence(event: string, reason: string) {
  if (event === 'switched') return 'notification.liveRecordingSwitched' as const;
  if (event === 'ended') {
    return reason === 'duration'
      ? ('notification.liveRecordingEndedDuration' as const)
      : ('notification.liveRecordingEndedSourceLost' as const);
  }
  return 'notification.liveRecordingStopped' as const;
}

/** The first line of a notification: what happened, in the words the bell uses. */
export function notificationSentence(
  locale: TMailLocale,
  input: Pick<TNotificationMailInput, 'kind' | 'actorName' | 'params'>,
): string {
  const { language } = locale;
  const { params } = input;
  const actor = input.actorName || mailText(language, 'notification.someone');
  const title = param(params, 'title');
  switch (input.kind) {
    case 'assigned':
      return mailText(language, 'notification.assigned', { actor, title });
    case 'task_due': {
      const dueAt = new Date(param(params, 'dueAt'));
      const date = Number.isNaN(dueAt.getTime()) ? '' : formatMailDateTime(language, dueAt, locale.timeZone);
      return mailText(language, 'notification.taskDue', { title, date });
    }
    case 'mentioned':
      return mailText(language, 'notification.mentioned', { actor, title });
    case 'reply':
      return mailText(language, 'notification.reply', { actor, title });
    case 'approval_changed':
      return mailText(language, approvalSentence(param(params, 'status')), { actor, title });
    case 'share_activity':
      return param(params, 'activity') === 'commented'
        ? mailText(language, 'notification.shareCommented', { actor, shareTitle: param(params, 'shareTitle') })
        : mailText(language, 'notification.shareOpened', { actor, shareTitle: param(params, 'shareTitle') });
    case 'upload_received':
      return mailText(language, 'notification.uploadReceived', {
        requestTitle: param(params, 'requestTitle'),
        fileName: param(params, 'fileName'),
      });
    // A restore from cold storage is told apart: its requester may have waited hours for the media.
    case 'operation_finished':
      return param(params, 'operation') === 'restore'
        ? mailText(language, 'notification.restoreFinished', { title })
        : mailText(language, 'notification.operationFinished', { title });
    case 'operation_failed':
      return param(params, 'operation') === 'restore'
        ? mailText(language, 'notification.restoreFailed', { title })
        : mailText(language, 'notification.operationFailed', { title });
    case 'live_recording':
      return mailText(language, liveRecordingSentence(param(params, 'event'), param(params, 'reason')), {
        actor,
        title,
        source: param(params, 'source'),
        target: param(params, 'target'),
      });
  }
}

/**
 * A notification by e-mail: the bell's sentence, the comment quoted (mention tokens as plain @names), the error of
 * a failed operation as the system reported it (not translated), and the link.
 */
export function mailForNotification(locale: TMailLocale, input: TNotificationMailInput): TMail {
  const { language } = locale;
  const sentence = notificationSentence(locale, input);
  const text = param(input.params, 'text');
  const error = param(input.params, 'error');
  return {
    subject: input.organisation
      ? mailText(language, 'notification.subject', { sentence, organisation: input.organisation })
      : sentence,
    text: [
      mailText(language, 'greeting', { name: input.recipientName }),
      '',
      mailText(language, 'notification.sentence', { sentence }),
      ...(text ? ['', mailText(language, 'notification.quote', { text: mentionsToPlainText(text) })] : []),
      ...(error ? ['', error] : []),
      '',
      mailText(language, 'notification.open', { link: input.link }),
      '',
      mailText(language, 'notification.settingsHint'),
    ].join('\n'),
  };
}

/** The code that starts a password reset. */
export function mailForPasswordReset(
  locale: TMailLocale,
  input: { name: string; organisation: string; code: string; link: string; minutes: number },
): TMail {
  const { language } = locale;
  return {
    subject: mailText(language, 'passwordReset.subject', { organisation: input.organisation }),
    text: [
      mailText(language, 'greeting', { name: input.name }),
      '',
      mailText(language, 'passwordReset.intro', { organisation: input.organisation }),
      mailText(language, 'passwordReset.code', { code: input.code }),
      '',
      mailText(language, 'passwordReset.enter', { link: input.link, minutes: input.minutes }),
      mailText(language, 'passwordReset.notYou'),
    ].join('\n'),
  };
}

/** The organisations an address signs in to, each with a link that opens the login page filled in. */
export function mailForOrganisationList(
  locale: TMailLocale,
  input: { name: string; organisations: ReadonlyArray<{ name: string; link: string }> },
): TMail {
  const { language } = locale;
  return {
    subject: mailText(language, 'organisationList.subject'),
    text: [
      mailText(language, 'greeting', { name: input.name }),
      '',
      mailText(language, 'organisationList.intro'),
      ...input.organisations.map((o) =>
        mailText(language, 'organisationList.entry', { organisation: o.name, link: o.link }),
      ),
      '',
      mailText(language, 'organisationList.notYou'),
    ].join('\n'),
  };
}

/** A new user's invitation, with a single-use sign-in link. */
export function mailForInvitation(
  locale: TMailLocale,
  input: { name: string; inviter: string; organisation: string; link: string; hours: number },
): TMail {
  const { language } = locale;
  return {
    subject: mailText(language, 'invitation.subject', { organisation: input.organisation }),
    text: [
      mailText(language, 'greeting', { name: input.name }),
      '',
      mailText(language, 'invitation.intro', { inviter: input.inviter, organisation: input.organisation }),
      mailText(language, 'invitation.signIn', { link: input.link, hours: input.hours }),
    ].join('\n'),
  };
}

export interface TLinkInvitationInput {
  sender: string;
  title: string;
  /** The sender's own words, passed on as written. */
  message: string | null;
  link: string;
  expiresAt: Date | null;
}

/** A share's link sent to someone outside the organisation. */
export function mailForShareInvitation(locale: TMailLocale, input: TLinkInvitationInput): TMail {
  const { language } = locale;
  const names = { sender: input.sender, title: input.title };
  return {
    subject: mailText(language, 'share.subject', names),
    text: [
      mailText(language, 'share.intro', names),
      ...(input.message ? ['', input.message] : []),
      '',
      mailText(language, 'share.open', { link: input.link }),
      ...(input.expiresAt
        ? [
            '',
            mailText(language, 'share.expires', {
              date: formatMailDateTime(language, input.expiresAt, locale.timeZone),
            }),
          ]
        : []),
    ].join('\n'),
  };
}

/** An upload request's link sent to someone outside the organisation. */
export function mailForUploadRequestInvitation(locale: TMailLocale, input: TLinkInvitationInput): TMail {
  const { language } = locale;
  const names = { sender: input.sender, title: input.title };
  return {
    subject: mailText(language, 'uploadRequest.subject', names),
    text: [
      mailText(language, 'uploadRequest.intro', names),
      ...(input.message ? ['', input.message] : []),
      '',
      mailText(language, 'uploadRequest.upload', { link: input.link }),
      ...(input.expiresAt
        ? [
            mailText(language, 'uploadRequest.expires', {
              date: formatMailDateTime(language, input.expiresAt, locale.timeZone),
            }),
          ]
        : []),
    ].join('\n'),
  };
}
