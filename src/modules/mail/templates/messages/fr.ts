import type { MailMessages } from './en.js'

// The customer e-mails' words in French (keys and placeholders as in en.ts).
export const fr: MailMessages = {
  hello: 'Bonjour,',
  helloName: 'Bonjour {name},',
  footer:
    'Vous recevez cet e-mail du service de garantie. Si vous ne l’attendiez pas, vous pouvez l’ignorer.',
  copyLink: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',

  'magic.subject': 'Votre lien de connexion',
  'magic.intro': 'Utilisez ce lien pour vous connecter à votre portefeuille de garanties.',
  'magic.expiry.one': 'Il ne fonctionne qu’une fois et expire dans {count} minute.',
  'magic.expiry.other': 'Il ne fonctionne qu’une fois et expire dans {count} minutes.',
  'magic.ignore':
    'Si vous ne l’avez pas demandé, ignorez cet e-mail : personne ne peut se connecter sans le lien.',
  'magic.button': 'Se connecter',

  'notification.subject': 'Votre garantie de {merchant}',
  'notification.introProduct': '{merchant} a enregistré une garantie pour votre {product}.',
  'notification.introPurchase': '{merchant} a enregistré une garantie pour votre achat.',
  'notification.action':
    'Ajoutez-la à votre portefeuille de garanties pour la conserver et recevoir un rappel avant son expiration :',
  'notification.personal': 'Ce lien n’est que pour vous : ne transférez pas cet e-mail.',
  'notification.button': 'Obtenir votre garantie',

  'row.merchant': 'Commerçant',
  'row.product': 'Produit',
  'row.serial': 'Numéro de série',
  'row.code': 'Code de garantie',
  'row.validUntil': 'Valable jusqu’au',

  'reminder.subject': 'Votre garantie pour {what} se termine le {date}',
  'reminder.purchase': 'votre achat chez {merchant}',
  'reminder.intro': 'La garantie que {merchant} vous a accordée pour {what} se termine le {date}.',
  'reminder.advice':
    'Si quelque chose ne va pas, c’est le moment de demander une réparation ou un remplacement.',
  'reminder.action': 'Voir la garantie dans votre portefeuille :',
  'reminder.button': 'Voir la garantie',

  'share.subject': 'Un justificatif d’achat a été partagé avec vous',
  'share.intro': 'Un justificatif d’achat a été partagé avec vous via le service de garantie.',
  'share.action': 'Vous pouvez le consulter avec ce lien jusqu’au {date} :',
  'share.note': 'La personne qui l’a partagé a ajouté cette note :',
  'share.button': 'Voir le justificatif',

  'claim.subject': 'Réclamation pour {name} : {headline}',
  'claim.action': 'Voir la réclamation, son historique et ses messages :',
  'claim.button': 'Ouvrir la réclamation',
  'claim.received': 'Votre réclamation a été reçue.',
  'claim.receivedDetail': 'Le commerçant va l’examiner et vous écrira ici.',
  'claim.receivedApproved': 'Votre réclamation a été reçue et acceptée.',
  'claim.cancelled': 'Votre réclamation a été annulée.',
  'claim.approved': 'Votre réclamation a été acceptée.',
  'claim.denied': 'Votre réclamation a été refusée.',
  'claim.infoRequested': 'Le commerçant a besoin de plus d’informations sur votre réclamation.',
  'claim.assigned': 'Votre réclamation a été confiée à {provider}, qui se charge de la réparation.',
  'claim.inRepair': 'Votre produit est en réparation.',
  'claim.resolved': 'Votre réclamation est traitée : {outcome}.',
  'claim.resolvedNewSerial':
    'Votre réclamation est traitée : {outcome}. Le nouveau numéro de série est {serial}.',
  'claim.message': 'Vous avez un nouveau message concernant votre réclamation.',
  'outcome.REPAIRED': 'réparé',
  'outcome.REPLACED': 'remplacé',
  'outcome.REFUNDED': 'remboursé',
  'outcome.NOT_COVERED': 'non couvert par la garantie',

  'registration.subject': 'Enregistrement de {name} : {headline}',
  'registration.action': 'Voir votre enregistrement :',
  'registration.button': 'Ouvrir l’enregistrement',
  'registration.APPROVED': 'Votre {product} est enregistré : sa garantie est dans votre portefeuille.',
  'registration.PENDING': 'Nous avons reçu votre enregistrement de {product} ; la marque va l’examiner.',
  'registration.DISPUTE': 'Ce {product} est déjà enregistré ; la marque va examiner la situation.',
  'registration.REFUSED': 'Votre enregistrement de {product} a été refusé.',
}
