import type { MailMessages } from './en.js'

// The customer e-mails' words in German (keys and placeholders as in en.ts).
export const de: MailMessages = {
  hello: 'Hallo,',
  helloName: 'Hallo {name},',
  footer:
    'Sie erhalten diese E-Mail vom Garantiedienst. Wenn Sie sie nicht erwartet haben, können Sie sie ignorieren.',
  copyLink: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',

  'magic.subject': 'Ihr Anmeldelink',
  'magic.intro': 'Mit diesem Link melden Sie sich bei Ihrer Garantie-Wallet an.',
  'magic.expiry.one': 'Er funktioniert einmal und läuft in {count} Minute ab.',
  'magic.expiry.other': 'Er funktioniert einmal und läuft in {count} Minuten ab.',
  'magic.ignore':
    'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne den Link kann sich niemand anmelden.',
  'magic.button': 'Anmelden',

  'notification.subject': 'Ihre Garantie von {merchant}',
  'notification.introProduct': '{merchant} hat eine Garantie für Ihr Produkt „{product}“ registriert.',
  'notification.introPurchase': '{merchant} hat eine Garantie für Ihren Kauf registriert.',
  'notification.action':
    'Fügen Sie sie Ihrer Garantie-Wallet hinzu, um sie sicher aufzubewahren und vor ihrem Ablauf erinnert zu werden:',
  'notification.personal': 'Dieser Link ist nur für Sie: Leiten Sie diese E-Mail nicht weiter.',
  'notification.button': 'Garantie übernehmen',

  'row.merchant': 'Händler',
  'row.product': 'Produkt',
  'row.serial': 'Seriennummer',
  'row.code': 'Garantiecode',
  'row.validUntil': 'Gültig bis',

  'reminder.subject': 'Ihre Garantie für {what} endet am {date}',
  'reminder.purchase': 'Ihren Kauf bei {merchant}',
  'reminder.intro': 'Die Garantie, die {merchant} Ihnen für {what} gegeben hat, endet am {date}.',
  'reminder.advice':
    'Wenn etwas damit nicht in Ordnung ist, ist jetzt der Zeitpunkt, eine Reparatur oder einen Ersatz anzufragen.',
  'reminder.action': 'Die Garantie in Ihrer Wallet ansehen:',
  'reminder.button': 'Garantie ansehen',

  'share.subject': 'Ein Beleg wurde mit Ihnen geteilt',
  'share.intro': 'Über den Garantiedienst wurde ein Beleg mit Ihnen geteilt.',
  'share.action': 'Sie können ihn mit diesem Link bis {date} ansehen:',
  'share.note': 'Die Person, die ihn geteilt hat, hat diese Notiz hinzugefügt:',
  'share.button': 'Beleg ansehen',

  'claim.subject': 'Reklamation für {name}: {headline}',
  'claim.action': 'Die Reklamation, ihren Verlauf und ihre Nachrichten ansehen:',
  'claim.button': 'Reklamation öffnen',
  'claim.received': 'Ihre Reklamation ist eingegangen.',
  'claim.receivedDetail': 'Der Händler sieht sie sich an und schreibt Ihnen hier.',
  'claim.receivedApproved': 'Ihre Reklamation ist eingegangen und wurde angenommen.',
  'claim.cancelled': 'Ihre Reklamation wurde zurückgezogen.',
  'claim.approved': 'Ihre Reklamation wurde angenommen.',
  'claim.denied': 'Ihre Reklamation wurde abgelehnt.',
  'claim.infoRequested': 'Der Händler braucht weitere Angaben zu Ihrer Reklamation.',
  'claim.assigned': 'Ihre Reklamation wurde an {provider} übergeben, der sich um die Reparatur kümmert.',
  'claim.inRepair': 'Ihr Produkt wird repariert.',
  'claim.resolved': 'Ihre Reklamation ist erledigt: {outcome}.',
  'claim.resolvedNewSerial': 'Ihre Reklamation ist erledigt: {outcome}. Die neue Seriennummer ist {serial}.',
  'claim.message': 'Sie haben eine neue Nachricht zu Ihrer Reklamation.',
  'outcome.REPAIRED': 'repariert',
  'outcome.REPLACED': 'ersetzt',
  'outcome.REFUNDED': 'erstattet',
  'outcome.NOT_COVERED': 'nicht von der Garantie gedeckt',

  'registration.subject': 'Registrierung von {name}: {headline}',
  'registration.action': 'Ihre Registrierung ansehen:',
  'registration.button': 'Registrierung öffnen',
  'registration.APPROVED': 'Ihr Produkt „{product}“ ist registriert: Die Garantie ist in Ihrer Wallet.',
  'registration.PENDING': 'Wir haben Ihre Registrierung von {product} erhalten; die Marke prüft sie.',
  'registration.DISPUTE': 'Dieses Produkt „{product}“ ist bereits registriert; die Marke sieht sich das an.',
  'registration.REFUSED': 'Ihre Registrierung von {product} wurde abgelehnt.',
}
