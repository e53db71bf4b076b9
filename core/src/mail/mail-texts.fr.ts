import type { TMailTexts } from './mail-texts.en';

/** French; the notification sentences are the bell's (console/public/locales/fr), spaced before : as there. */
export const MAIL_TEXTS_FR: TMailTexts = {
  greeting: 'Bonjour {{name}},',

  'notification.someone': "Quelqu'un",
  'notification.assigned': '{{actor}} vous a attribué un commentaire sur {{title}}',
  'notification.taskDue': 'Votre tâche sur {{title}} arrive à échéance le {{date}}',
  'notification.mentioned': '{{actor}} vous a mentionné sur {{title}}',
  'notification.reply': '{{actor}} a répondu à un commentaire sur {{title}}',
  'notification.shareOpened': '{{actor}} a ouvert votre partage {{shareTitle}}',
  'notification.shareCommented': '{{actor}} a commenté votre partage {{shareTitle}}',
  'notification.uploadReceived': "Un fichier est arrivé via votre demande d'envoi {{requestTitle}} : {{fileName}}",
  'notification.operationFinished': 'Traitement terminé : {{title}}',
  'notification.operationFailed': 'Échec du traitement : {{title}}',
  'notification.restoreFinished': 'Média restauré depuis le stockage à froid : {{title}}',
  'notification.restoreFailed': 'Échec de la restauration depuis le stockage à froid : {{title}}',
  'notification.liveRecordingStopped': '{{actor}} a arrêté l’enregistrement d’urgence {{title}}',
  'notification.liveRecordingSwitched': '{{actor}} a basculé l’enregistrement d’urgence {{title}} sur {{target}}',
  'notification.liveRecordingEndedDuration':
    'L’enregistrement d’urgence {{title}} est terminé : il a atteint la durée de l’enregistrement d’urgence',
  'notification.liveRecordingEndedSourceLost':
    'L’enregistrement d’urgence {{title}} est terminé : {{source}} a cessé d’émettre',
  'notification.approvalApproved': '{{actor}} a approuvé {{title}}',
  'notification.approvalNeedsChanges': '{{actor}} a indiqué que {{title}} doit être modifié',
  'notification.approvalInReview': '{{actor}} a mis {{title}} en relecture',
  'notification.approvalNone': "{{actor}} a retiré le statut d'approbation de {{title}}",
  'notification.subject': '{{sentence}} ({{organisation}})',
  'notification.sentence': '{{sentence}}.',
  'notification.quote': '« {{text}} »',
  'notification.open': 'Ouvrir : {{link}}',
  'notification.settingsHint':
    'Vous pouvez choisir les notifications reçues par e-mail dans les Paramètres utilisateur.',

  'passwordReset.subject': 'Votre code de réinitialisation du mot de passe pour {{organisation}}',
  'passwordReset.intro':
    "Quelqu'un a demandé la réinitialisation du mot de passe de votre compte dans {{organisation}}.",
  'passwordReset.code': 'Votre code : {{code}}',
  'passwordReset.enter': 'Saisissez-le sur {{link}} dans les {{minutes}} minutes.',
  'passwordReset.notYou':
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message ; votre mot de passe reste inchangé.",

  'invitation.subject': 'Invitation à rejoindre {{organisation}}',
  'invitation.intro':
    '{{inviter}} vous invite à rejoindre {{organisation}}. Choisissez un mot de passe après votre première connexion.',
  'invitation.signIn': "Connectez-vous ici (le lien ne fonctionne qu'une fois, pendant {{hours}} heures) : {{link}}",

  'organisationList.subject': 'Connexion : vos organisations',
  'organisationList.intro': "Quelqu'un a demandé à quelles organisations cette adresse se connecte :",
  'organisationList.entry': 'Se connecter à {{organisation}} : {{link}}',
  'organisationList.notYou': "Si ce n'était pas vous, ignorez ce message.",

  'share.subject': '{{sender}} a partagé « {{title}} » avec vous',
  'share.intro': '{{sender}} a partagé « {{title}} » avec vous.',
  'share.open': 'Ouvrir le partage : {{link}}',
  'share.expires': "Le lien est valable jusqu'au {{date}}.",

  'uploadRequest.subject': "{{sender}} vous demande d'envoyer des fichiers : {{title}}",
  'uploadRequest.intro': "{{sender}} vous demande d'envoyer des fichiers dans « {{title}} ».",
  'uploadRequest.upload': 'Envoyer les fichiers ici : {{link}}',
  'uploadRequest.expires': "Le lien est valable jusqu'au {{date}}.",
};
