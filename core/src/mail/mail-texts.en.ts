/**
 * The English texts of every e-mail the server sends: the reference the other languages are checked against (same
 * keys, same {{placeholders}}). Notification sentences are the bell's (console notifications.messages.*).
 */
export const MAIL_TEXTS_EN = {
  greeting: 'Hello {{name}},',

  'notification.someone': 'Someone',
  'notification.assigned': '{{actor}} assigned you a comment on {{title}}',
  'notification.taskDue': 'Your task on {{title}} is due {{date}}',
  'notification.mentioned': '{{actor}} mentioned you on {{title}}',
  'notification.reply': '{{actor}} replied to a comment on {{title}}',
  'notification.shareOpened': '{{actor}} opened your share {{shareTitle}}',
  'notification.shareCommented': '{{actor}} commented on your share {{shareTitle}}',
  'notification.uploadReceived': 'A file arrived through your upload request {{requestTitle}}: {{fileName}}',
  'notification.operationFinished': 'Processing finished: {{title}}',
  'notification.operationFailed': 'Processing failed: {{title}}',
  'notification.restoreFinished': 'Media restored from cold storage: {{title}}',
  'notification.restoreFailed': 'Restore from cold storage failed: {{title}}',
  'notification.liveRecordingStopped': '{{actor}} stopped the crash recording {{title}}',
  'notification.liveRecordingSwitched': '{{actor}} switched the crash recording {{title}} to {{target}}',
  'notification.liveRecordingEndedDuration':
    'The crash recording {{title}} ended: it reached the crash recording duration',
  'notification.liveRecordingEndedSourceLost': 'The crash recording {{title}} ended: {{source}} stopped sending',
  'notification.approvalApproved': '{{actor}} approved {{title}}',
  'notification.approvalNeedsChanges': '{{actor}} marked {{title}} as needing changes',
  'notification.approvalInReview': '{{actor}} put {{title}} in review',
  'notification.approvalNone': '{{actor}} cleared the approval status of {{title}}',
  'notification.subject': '{{sentence}} ({{organisation}})',
  'notification.sentence': '{{sentence}}.',
  'notification.quote': '"{{text}}"',
  'notification.open': 'Open it: {{link}}',
  'notification.settingsHint': 'You can choose which notifications come by e-mail under User settings.',

  'passwordReset.subject': 'Your password reset code for {{organisation}}',
  'passwordReset.intro': 'Someone asked to reset the password of your account in {{organisation}}.',
  'passwordReset.code': 'Your code is: {{code}}',
  'passwordReset.enter': 'Enter it at {{link}} within {{minutes}} minutes.',
  'passwordReset.notYou': 'If this was not you, ignore this message; your password stays as it is.',

  'invitation.subject': 'You have been invited to {{organisation}}',
  'invitation.intro': '{{inviter}} invited you to {{organisation}}. Set a password after signing in.',
  'invitation.signIn': 'Sign in here (the link works once, for {{hours}} hours): {{link}}',

  'organisationList.subject': 'Signing in: your organisations',
  'organisationList.intro': 'Someone asked which organisations this address signs in to:',
  'organisationList.entry': 'Sign in to {{organisation}}: {{link}}',
  'organisationList.notYou': 'If this was not you, ignore this message.',

  'share.subject': '{{sender}} shared "{{title}}" with you',
  'share.intro': '{{sender}} shared "{{title}}" with you.',
  'share.open': 'Open it here: {{link}}',
  'share.expires': 'The link works until {{date}}.',

  'uploadRequest.subject': '{{sender}} asks you to upload files: {{title}}',
  'uploadRequest.intro': '{{sender}} asks you to upload files to "{{title}}".',
  'uploadRequest.upload': 'Upload here: {{link}}',
  'uploadRequest.expires': 'The link works until {{date}}.',
} as const;

export type TMailTextKey = keyof typeof MAIL_TEXTS_EN;

/** A translation: every key of the English texts, with the same placeholders (checked by mail-catalogue.spec). */
export type TMailTexts = Readonly<Record<TMailTextKey, string>>;
