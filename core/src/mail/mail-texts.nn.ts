import type { TMailTexts } from './mail-texts.en';

/** Norwegian Nynorsk (e-infinitive); the notification sentences are the bell's (console/public/locales/nn). */
export const MAIL_TEXTS_NN: TMailTexts = {
  greeting: 'Hei {{name}},',

  'notification.someone': 'Nokon',
  'notification.assigned': '{{actor}} tildelte deg ein kommentar på {{title}}',
  'notification.taskDue': 'Oppgåva di på {{title}} har frist {{date}}',
  'notification.mentioned': '{{actor}} nemnde deg på {{title}}',
  'notification.reply': '{{actor}} svarte på ein kommentar på {{title}}',
  'notification.shareOpened': '{{actor}} opna delinga di {{shareTitle}}',
  'notification.shareCommented': '{{actor}} kommenterte delinga di {{shareTitle}}',
  'notification.uploadReceived': 'Ei fil kom inn via opplastingsførespurnaden din {{requestTitle}}: {{fileName}}',
  'notification.operationFinished': 'Behandlinga er ferdig: {{title}}',
  'notification.operationFailed': 'Behandlinga mislukkast: {{title}}',
  'notification.restoreFinished': 'Mediet er gjenoppretta frå kaldlagring: {{title}}',
  'notification.restoreFailed': 'Gjenoppretting frå kaldlagring mislukkast: {{title}}',
  'notification.liveRecordingStopped': '{{actor}} stoppa krasjopptaket {{title}}',
  'notification.liveRecordingSwitched': '{{actor}} bytte kjelda til krasjopptaket {{title}} til {{target}}',
  'notification.liveRecordingEndedDuration':
    'Krasjopptaket {{title}} er avslutta: det nådde varigheita for krasjopptak',
  'notification.liveRecordingEndedSourceLost': 'Krasjopptaket {{title}} er avslutta: {{source}} slutta å sende',
  'notification.approvalApproved': '{{actor}} godkjende {{title}}',
  'notification.approvalNeedsChanges': '{{actor}} markerte at {{title}} treng endringar',
  'notification.approvalInReview': '{{actor}} sette {{title}} til gjennomgang',
  'notification.approvalNone': '{{actor}} fjerna godkjenningsstatusen for {{title}}',
  'notification.subject': '{{sentence}} ({{organisation}})',
  'notification.sentence': '{{sentence}}.',
  'notification.quote': '«{{text}}»',
  'notification.open': 'Opne her: {{link}}',
  'notification.settingsHint': 'Under Brukarinnstillingar kan du velje kva varsel du får på e-post.',

  'passwordReset.subject': 'Koden din for å tilbakestille passordet i {{organisation}}',
  'passwordReset.intro': 'Nokon har bede om å tilbakestille passordet til kontoen din i {{organisation}}.',
  'passwordReset.code': 'Koden din er: {{code}}',
  'passwordReset.enter': 'Skriv han inn på {{link}} innan {{minutes}} minutt.',
  'passwordReset.notYou': 'Var det ikkje deg, kan du sjå bort frå denne meldinga; passordet ditt blir ikkje endra.',

  'invitation.subject': 'Du er invitert til {{organisation}}',
  'invitation.intro': '{{inviter}} har invitert deg til {{organisation}}. Vel eit passord når du har logga inn.',
  'invitation.signIn': 'Logg inn her (lenkja verkar éin gong, i {{hours}} timar): {{link}}',

  'organisationList.subject': 'Innlogging: organisasjonane dine',
  'organisationList.intro': 'Nokon spurde kva organisasjonar denne adressa loggar inn i:',
  'organisationList.entry': 'Logg inn i {{organisation}}: {{link}}',
  'organisationList.notYou': 'Var det ikkje deg, kan du sjå bort frå denne meldinga.',

  'share.subject': '{{sender}} har delt «{{title}}» med deg',
  'share.intro': '{{sender}} har delt «{{title}}» med deg.',
  'share.open': 'Opne delinga her: {{link}}',
  'share.expires': 'Lenkja verkar til {{date}}.',

  'uploadRequest.subject': '{{sender}} ber deg laste opp filer: {{title}}',
  'uploadRequest.intro': '{{sender}} ber deg laste opp filer til «{{title}}».',
  'uploadRequest.upload': 'Last opp her: {{link}}',
  'uploadRequest.expires': 'Lenkja verkar til {{date}}.',
};
