import { mentionToken } from '../notifications/mentions';
import { NOTIFICATION_KINDS, type TNotificationKind } from '../notifications/notification-kinds';
import { MAIL_LANGUAGES, type TMailLanguage, type TMailLocale } from './mail-language';
import {
  mailForInvitation,
  mailForOrganisationList,
  mailForNotification,
  mailForPasswordReset,
  mailForShareInvitation,
  mailForUploadRequestInvitation,
  type TMail,
  type TNotificationMailInput,
} from './mail-messages';

const ritaId = '11111111-2222-4333-8444-555555555555';
const expiresAt = new Date('2026-04-01T21:59:00Z');

function notification(kind: TNotificationKind, extra: Partial<TNotificationMailInput> = {}): TNotificationMailInput {
  return {
    kind,
    actorName: 'Ola Nordmann',
    params: {
      title: 'Match highlights',
      shareTitle: 'Cup final',
      activity: 'opened',
      requestTitle: 'Saturday clips',
      fileName: 'goal.mp4',
      text: null,
      error: null,
    },
    recipientName: 'Rita',
    organisation: 'Acme',
    link: 'http://mam.test/item-details/1',
    ...extra,
  };
}

/** Every mail the server sends, each variant once, with the values a reader must find in it. */
function everyMail(locale: TMailLocale): Array<[string, TMail, string[]]> {
  const kinds: Array<[string, TMail, string[]]> = NOTIFICATION_KINDS.map((kind) => [
    `notification ${kind}`,
    mailForNotification(locale, notification(kind)),
    ['Rita', 'http://mam.test/item-details/1', 'Acme'],
  ]);
  return [
    ...kinds,
    ...(['approved', 'needs_changes', 'in_review', 'none'] as const).map((status): [string, TMail, string[]] => [
      `notification approval set to ${status}`,
      mailForNotification(locale, notification('approval_changed', { params: { title: 'Clip 7', status } })),
      ['Ola Nordmann', 'Clip 7'],
    ]),
    [
      'notification share comment with quoted text',
      mailForNotification(
        locale,
        notification('share_activity', {
          params: {
            activity: 'commented',
            shareTitle: 'Cup final',
            text: `Ask ${mentionToken('user', ritaId, 'rita')}`,
          },
        }),
      ),
      ['Ola Nordmann', 'Cup final', 'Ask @rita'],
    ],
    [
      'notification of a failed operation with its error',
      mailForNotification(
        locale,
        notification('operation_failed', {
          actorName: null,
          params: { title: 'Clip 7', error: 'moov atom not found' },
        }),
      ),
      ['Clip 7', 'moov atom not found'],
    ],
    ...(
      [
        [{ event: 'stopped', source: 'Studio B' }, ['Ola Nordmann', 'Rec 9']],
        [{ event: 'switched', source: 'Studio B', target: 'Camera 4' }, ['Ola Nordmann', 'Rec 9', 'Camera 4']],
        [{ event: 'ended', source: 'Studio B', reason: 'source_lost' }, ['Rec 9', 'Studio B']],
        [{ event: 'ended', source: 'Studio B', reason: 'duration' }, ['Rec 9']],
      ] as const
    ).map(([params, expected]): [string, TMail, string[]] => [
      `notification crash recording ${params.event} ${'reason' in params ? params.reason : ''}`,
      mailForNotification(locale, notification('live_recording', { params: { title: 'Rec 9', ...params } })),
      [...expected],
    ]),
    [
      'password reset',
      mailForPasswordReset(locale, {
        name: 'Rita',
        organisation: 'Acme',
        code: '123456',
        link: 'http://mam.test/public/forgot-password/verify',
        minutes: 15,
      }),
      ['Rita', 'Acme', '123456', 'http://mam.test/public/forgot-password/verify', '15'],
    ],
    [
      'organisation list',
      mailForOrganisationList(locale, {
        name: 'Rita',
        organisations: [
          { name: 'Acme', link: 'http://mam.test/login?organisation=acme&email=rita%40acme.test' },
          { name: 'Bravo', link: 'http://mam.test/login?organisation=bravo&email=rita%40acme.test' },
        ],
      }),
      [
        'Rita',
        'Acme',
        'http://mam.test/login?organisation=acme&email=rita%40acme.test',
        'Bravo',
        'http://mam.test/login?organisation=bravo&email=rita%40acme.test',
      ],
    ],
    [
      'invitation',
      mailForInvitation(locale, {
        name: 'Rita',
        inviter: 'admin@acme.test',
        organisation: 'Acme',
        link: 'http://mam.test/sign-in-code?code=abc',
        hours: 72,
      }),
      ['Rita', 'admin@acme.test', 'Acme', 'http://mam.test/sign-in-code?code=abc', '72'],
    ],
    [
      'share invitation',
      mailForShareInvitation(locale, {
        sender: 'Ola',
        title: 'Cup final',
        message: 'Please review by Friday',
        link: 'http://mam.test/s/tok',
        expiresAt,
      }),
      ['Ola', 'Cup final', 'Please review by Friday', 'http://mam.test/s/tok', '2026'],
    ],
    [
      'share invitation without message or expiry',
      mailForShareInvitation(locale, {
        sender: 'Ola',
        title: 'Cup final',
        message: null,
        link: 'http://mam.test/s/tok',
        expiresAt: null,
      }),
      ['Ola', 'Cup final', 'http://mam.test/s/tok'],
    ],
    [
      'upload request invitation',
      mailForUploadRequestInvitation(locale, {
        sender: 'Ola',
        title: 'Saturday clips',
        message: 'Send your clips from Saturday',
        link: 'http://mam.test/u/tok',
        expiresAt,
      }),
      ['Ola', 'Saturday clips', 'Send your clips from Saturday', 'http://mam.test/u/tok', '2026'],
    ],
  ];
}

describe.each(MAIL_LANGUAGES)('every mail in %s', (language) => {
  const locale: TMailLocale = { language, timeZone: 'Europe/Oslo' };

  it.each(everyMail(locale))('%s is complete', (_, mail, values) => {
    for (const part of [mail.subject, mail.text]) {
      expect(part).not.toMatch(/\{\{|\}\}/);
      expect(part).not.toMatch(/\b(undefined|null|NaN)\b|\[object /);
    }
    expect(mail.subject).not.toContain('\n');
    for (const value of values) expect(`${mail.subject}\n${mail.text}`).toContain(value);
  });
});

describe('English mails', () => {
  const en: TMailLocale = { language: 'en', timeZone: 'UTC' };

  it('keep the wording they had', () => {
    const text = `Check this ${mentionToken('user', ritaId, 'rita')}`;
    expect(mailForNotification(en, notification('mentioned', { params: { title: 'Match highlights', text } }))).toEqual(
      {
        subject: 'Ola Nordmann mentioned you on Match highlights (Acme)',
        text: [
          'Hello Rita,',
          '',
          'Ola Nordmann mentioned you on Match highlights.',
          '',
          '"Check this @rita"',
          '',
          'Open it: http://mam.test/item-details/1',
          '',
          'You can choose which notifications come by e-mail under User settings.',
        ].join('\n'),
      },
    );
    expect(
      mailForPasswordReset(en, {
        name: 'Rita',
        organisation: 'Acme',
        code: '123456',
        link: 'http://x/verify',
        minutes: 15,
      }),
    ).toEqual({
      subject: 'Your password reset code for Acme',
      text: [
        'Hello Rita,',
        '',
        'Someone asked to reset the password of your account in Acme.',
        'Your code is: 123456',
        '',
        'Enter it at http://x/verify within 15 minutes.',
        'If this was not you, ignore this message; your password stays as it is.',
      ].join('\n'),
    });
    expect(
      mailForInvitation(en, {
        name: 'Rita',
        inviter: 'boss@acme.test',
        organisation: 'Acme',
        link: 'http://x',
        hours: 72,
      }),
    ).toEqual({
      subject: 'You have been invited to Acme',
      text: [
        'Hello Rita,',
        '',
        'boss@acme.test invited you to Acme. Set a password after signing in.',
        'Sign in here (the link works once, for 72 hours): http://x',
      ].join('\n'),
    });
    const share = { sender: 'Ola', title: 'Cup final', message: 'Hi', link: 'http://x/s/t', expiresAt };
    expect(mailForShareInvitation(en, share)).toEqual({
      subject: 'Ola shared "Cup final" with you',
      text: [
        'Ola shared "Cup final" with you.',
        '',
        'Hi',
        '',
        'Open it here: http://x/s/t',
        '',
        'The link works until April 1, 2026 at 9:59\u00a0PM UTC.',
      ].join('\n'),
    });
    expect(mailForUploadRequestInvitation(en, { ...share, title: 'Clips' })).toEqual({
      subject: 'Ola asks you to upload files: Clips',
      text: [
        'Ola asks you to upload files to "Clips".',
        '',
        'Hi',
        '',
        'Upload here: http://x/s/t',
        'The link works until April 1, 2026 at 9:59\u00a0PM UTC.',
      ].join('\n'),
    });
  });

  it('name the approval status an item was set to', () => {
    const approval = (status: string) =>
      mailForNotification(en, notification('approval_changed', { params: { title: 'Clip 7', status } })).subject;
    expect(approval('approved')).toBe('Ola Nordmann approved Clip 7 (Acme)');
    expect(approval('needs_changes')).toBe('Ola Nordmann marked Clip 7 as needing changes (Acme)');
    expect(approval('in_review')).toBe('Ola Nordmann put Clip 7 in review (Acme)');
    expect(approval('none')).toBe('Ola Nordmann cleared the approval status of Clip 7 (Acme)');
  });

  it('leave the organisation out of the subject when there is none, and name an unknown actor Someone', () => {
    const mail = mailForNotification(en, notification('assigned', { actorName: null, organisation: '' }));
    expect(mail.subject).toBe('Someone assigned you a comment on Match highlights');
  });
});

describe('translated mails', () => {
  const at = (language: TMailLanguage): TMailLocale => ({ language, timeZone: 'Europe/Oslo' });

  it('say what happened in the words of the bell', () => {
    const assigned = notification('assigned');
    expect(mailForNotification(at('nb'), assigned).subject).toBe(
      'Ola Nordmann tildelte deg en kommentar på Match highlights (Acme)',
    );
    expect(mailForNotification(at('nn'), assigned).subject).toBe(
      'Ola Nordmann tildelte deg ein kommentar på Match highlights (Acme)',
    );
    expect(mailForNotification(at('fr'), assigned).subject).toBe(
      'Ola Nordmann vous a attribué un commentaire sur Match highlights (Acme)',
    );
    expect(mailForNotification(at('nn'), notification('reply', { actorName: '' })).subject).toMatch(/^Nokon svarte/);
  });

  it('tell a restore from cold storage apart from processing', () => {
    const restored = (kind: 'operation_finished' | 'operation_failed', operation: string) =>
      notification(kind, { params: { ...notification(kind).params, operation } });
    expect(mailForNotification(at('en'), restored('operation_finished', 'restore')).subject).toBe(
      'Media restored from cold storage: Match highlights (Acme)',
    );
    expect(mailForNotification(at('nb'), restored('operation_failed', 'restore')).subject).toBe(
      'Gjenoppretting fra kaldlagring mislyktes: Match highlights (Acme)',
    );
    expect(mailForNotification(at('en'), restored('operation_finished', 'transcode')).subject).toBe(
      'Processing finished: Match highlights (Acme)',
    );
  });

  it('date a task reminder in the recipient language and the tenant time zone', () => {
    const due = notification('task_due', {
      actorName: null,
      params: { title: 'Match highlights', dueAt: '2026-03-02T13:30:00.000Z' },
    });
    expect(mailForNotification(at('nb'), due).subject).toBe(
      'Oppgaven din på Match highlights har frist 2. mars 2026 kl. 14:30 CET (Acme)',
    );
    // A no-break space keeps 1:30 and PM together.
    expect(mailForNotification({ language: 'en', timeZone: 'UTC' }, due).subject).toBe(
      'Your task on Match highlights is due March 2, 2026 at 1:30\u00a0PM UTC (Acme)',
    );
  });

  it('greet, quote and point to the settings in the language', () => {
    const text = mailForNotification(
      at('nn'),
      notification('mentioned', { params: { title: 'Kamp', text: 'Sjå her' } }),
    ).text;
    expect(text.split('\n')).toEqual([
      'Hei Rita,',
      '',
      'Ola Nordmann nemnde deg på Kamp.',
      '',
      '«Sjå her»',
      '',
      'Opne her: http://mam.test/item-details/1',
      '',
      'Under Brukarinnstillingar kan du velje kva varsel du får på e-post.',
    ]);
  });

  it('date a French share invitation the French way, in the tenant time zone', () => {
    const mail = mailForShareInvitation(at('fr'), {
      sender: 'Ola',
      title: 'Finale',
      message: null,
      link: 'http://x/s/t',
      expiresAt,
    });
    expect(mail.subject).toBe('Ola a partagé « Finale » avec vous');
    expect(mail.text).toContain('Ouvrir le partage : http://x/s/t');
    // 21:59 UTC is 23:59 in Oslo (summer time).
    expect(mail.text).toMatch(/Le lien est valable jusqu'au 1er avril 2026 à 23:59 /);
  });
});
