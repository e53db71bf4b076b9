import type { TMailTexts } from './mail-texts.en';

/** Norwegian Bokmål; the notification sentences are the bell's (console/public/locales/nb). */
export const MAIL_TEXTS_NB: TMailTexts = {
  greeting: 'Hei {{name}},',

  'notification.someone': 'Noen',
  'notification.assigned': '{{actor}} tildelte deg en kommentar på {{title}}',
  'notification.taskDue': 'Oppgaven din på {{title}} har frist {{date}}',
  'notification.mentioned': '{{actor}} nevnte deg på {{title}}',
  'notification.reply': '{{actor}} svarte på en kommentar på {{title}}',
  'notification.shareOpened': '{{actor}} åpnet delingen din {{shareTitle}}',
  'notification.shareCommented': '{{actor}} kommenterte delingen din {{shareTitle}}',
  'notification.uploadReceived': 'En fil kom inn via opplastingsforespørselen din {{requestTitle}}: {{fileName}}',
  'notification.operationFinished': 'Behandlingen er ferdig: {{title}}',
  'notification.operationFailed': 'Behandlingen mislyktes: {{title}}',
  'notification.restoreFinished': 'Mediet er gjenopprettet fra kaldlagring: {{title}}',
  'notification.restoreFailed': 'Gjenoppretting fra kaldlagring mislyktes: {{title}}',
  'notification.liveRecordingStopped': '{{actor}} stoppet krasjopptaket {{title}}',
  'notification.liveRecordingSwitched': '{{actor}} byttet kilden til krasjopptaket {{title}} til {{target}}',
  'notification.liveRecordingEndedDuration':
    'Krasjopptaket {{title}} er avsluttet: det nådde varigheten for krasjopptak',
  'notification.liveRecordingEndedSourceLost': 'Krasjopptaket {{title}} er avsluttet: {{source}} sluttet å sende',
  'notification.approvalApproved': '{{actor}} godkjente {{title}}',
  'notification.approvalNeedsChanges': '{{actor}} markerte at {{title}} trenger endringer',
  'notification.approvalInReview': '{{actor}} satte {{title}} til gjennomgang',
  'notification.approvalNone': '{{actor}} fjernet godkjenningsstatusen for {{title}}',
  'notification.subject': '{{sentence}} ({{organisation}})',
  'notification.sentence': '{{sentence}}.',
  'notification.quote': '«{{text}}»',
  'notification.open': 'Åpne her: {{link}}',
  'notification.settingsHint': 'Under Brukerinnstillinger kan du velge hvilke varsler du får på e-post.',

  'passwordReset.subject': 'Koden din for å tilbakestille passordet i {{organisation}}',
  'passwordReset.intro': 'Noen har bedt om å tilbakestille passordet til kontoen din i {{organisation}}.',
  'passwordReset.code': 'Koden din er: {{code}}',
  'passwordReset.enter': 'Skriv den inn på {{link}} innen {{minutes}} minutter.',
  'passwordReset.notYou': 'Var det ikke deg, kan du se bort fra denne meldingen; passordet ditt forblir uendret.',

  'invitation.subject': 'Du er invitert til {{organisation}}',
  'invitation.intro': '{{inviter}} har invitert deg til {{organisation}}. Velg et passord når du har logget inn.',
  'invitation.signIn': 'Logg inn her (lenken virker én gang, i {{hours}} timer): {{link}}',

  'organisationList.subject': 'Innlogging: organisasjonene dine',
  'organisationList.intro': 'Noen spurte hvilke organisasjoner denne adressen logger inn i:',
  'organisationList.entry': 'Logg inn i {{organisation}}: {{link}}',
  'organisationList.notYou': 'Var det ikke deg, kan du se bort fra denne meldingen.',

  'share.subject': '{{sender}} har delt «{{title}}» med deg',
  'share.intro': '{{sender}} har delt «{{title}}» med deg.',
  'share.open': 'Åpne delingen her: {{link}}',
  'share.expires': 'Lenken virker til {{date}}.',

  'uploadRequest.subject': '{{sender}} ber deg laste opp filer: {{title}}',
  'uploadRequest.intro': '{{sender}} ber deg laste opp filer til «{{title}}».',
  'uploadRequest.upload': 'Last opp her: {{link}}',
  'uploadRequest.expires': 'Lenken virker til {{date}}.',
};
