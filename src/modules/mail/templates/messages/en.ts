// The customer e-mails' words in English: the catalogue every other language follows key for key
// (de.ts, fr.ts are typed by it). `{name}` is filled in; a key with `.one`/`.other` forms is chosen
// by Intl.PluralRules. Changing an English text changes what existing tests read.

export const en = {
  hello: 'Hello,',
  helloName: 'Hello {name},',
  footer: 'You receive this e-mail from the warranty service. If you did not expect it, you can ignore it.',
  copyLink: 'If the button does not work, copy this link into your browser:',

  'magic.subject': 'Your sign-in link',
  'magic.intro': 'Use this link to sign in to your warranty wallet.',
  'magic.expiry.one': 'It works once and expires in {count} minute.',
  'magic.expiry.other': 'It works once and expires in {count} minutes.',
  'magic.ignore': 'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
  'magic.button': 'Sign in',

  'notification.subject': 'Your warranty from {merchant}',
  'notification.introProduct': '{merchant} has registered a warranty for your {product}.',
  'notification.introPurchase': '{merchant} has registered a warranty for your purchase.',
  'notification.action': 'Add it to your warranty wallet to keep it safe and be reminded before it expires:',
  'notification.personal': 'This link is for you only: do not forward this e-mail.',
  'notification.button': 'Claim your warranty',

  'row.merchant': 'Merchant',
  'row.product': 'Product',
  'row.serial': 'Serial number',
  'row.code': 'Warranty code',
  'row.validUntil': 'Valid until',

  'reminder.subject': 'Your warranty for {what} ends on {date}',
  'reminder.purchase': 'your purchase from {merchant}',
  'reminder.intro': 'The warranty {merchant} gave you for {what} ends on {date}.',
  'reminder.advice': 'If anything is wrong with it, now is the time to ask for a repair or a replacement.',
  'reminder.action': 'See the warranty in your wallet:',
  'reminder.button': 'View the warranty',

  'share.subject': 'A receipt has been shared with you',
  'share.intro': 'A receipt has been shared with you through the warranty service.',
  'share.action': 'You can view it with this link until {date}:',
  'share.note': 'The person who shared it added this note:',
  'share.button': 'View the receipt',

  'claim.subject': 'Claim for {name}: {headline}',
  'claim.action': 'See the claim, its timeline and its messages:',
  'claim.button': 'Open the claim',
  'claim.received': 'Your claim was received.',
  'claim.receivedDetail': 'The merchant will look at it and write to you here.',
  'claim.receivedApproved': 'Your claim was received and approved.',
  'claim.cancelled': 'Your claim was cancelled.',
  'claim.approved': 'Your claim was approved.',
  'claim.denied': 'Your claim was denied.',
  'claim.infoRequested': 'The merchant needs more information about your claim.',
  'claim.assigned': 'Your claim was passed to {provider}, who will take care of the repair.',
  'claim.inRepair': 'Your product is being repaired.',
  'claim.resolved': 'Your claim was resolved: {outcome}.',
  'claim.resolvedNewSerial': 'Your claim was resolved: {outcome}. The new serial number is {serial}.',
  'claim.message': 'You have a new message about your claim.',
  'outcome.REPAIRED': 'repaired',
  'outcome.REPLACED': 'replaced',
  'outcome.REFUNDED': 'refunded',
  'outcome.NOT_COVERED': 'not covered by the warranty',

  'registration.subject': 'Registration of {name}: {headline}',
  'registration.action': 'See your registration:',
  'registration.button': 'Open the registration',
  'registration.APPROVED': 'Your {product} is registered: its warranty is in your wallet.',
  'registration.PENDING': 'We received your registration of {product}; the brand will review it.',
  'registration.DISPUTE': 'This {product} is registered already; the brand will look into it.',
  'registration.REFUSED': 'Your registration of {product} was refused.',
} as const

export type MailKey = keyof typeof en
/** A language's catalogue: every key of the English one, nothing else. */
export type MailMessages = { readonly [K in MailKey]: string }
