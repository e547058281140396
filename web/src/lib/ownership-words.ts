// The English words of the self-custody page (pages/Ownership.svelte), in one place, so that
// the message catalogue can take them over. What they say follows docs/ownership.md.

type TransferStatus = 'PENDING' | 'SENT' | 'CONFIRMED' | 'FAILED'

export const ownershipWords = {
  back: '← Back to the warranty',
  title: 'Your certificate',
  custodial: 'We keep this certificate for you.',
  custodialHint:
    'It is recorded on a public blockchain, held by us on your behalf. You need no crypto wallet for it: your warranty, its reminders and its public check work as they are.',
  heldBy: (address: string) => `Held by ${address}.`,
  heldByHint: 'It is in that wallet: only whoever holds the wallet can move it.',
  transfer: (status: TransferStatus, address: string, error: string | null) =>
    ({
      PENDING: `Moving it to ${address}: about to be sent.`,
      SENT: `Moving it to ${address}: sent, waiting for the blockchain to confirm it (usually a minute or two).`,
      CONFIRMED: `Moved to ${address}.`,
      FAILED: `The move to ${address} did not work${error ? ` (${error})` : ''}. We still keep the certificate; you can try again.`,
    })[status],
  onItsWay: 'Your certificate is on its way to your wallet. This page shows when it has arrived.',

  moveHeading: 'Move to my wallet',
  whatItMeans:
    'Your warranty comes with a certificate: a record on a public blockchain of the product, the shop and how long it is covered. If you have a crypto wallet of your own (an app such as MetaMask or Rabby, or a hardware wallet), you can move the certificate into it. It then no longer depends on us: even if this service closed, the blockchain would still show that you hold it.',
  staysHere: 'Your warranty stays in this app as it is, with its reminders, claims and public check.',
  howHeading: 'How it works',
  step1: 'You tell us the address of your wallet (it starts with 0x).',
  step2:
    'Your wallet signs a short text we prepare, to show that the wallet is yours. Signing is free and sends nothing: it proves only that you hold the wallet’s key, like a signature on a form. It gives us no access to your wallet and spends nothing. The text names this site and a one-time code, and it works for 10 minutes.',
  step3:
    'We send the certificate to that address, once. It usually takes a minute or two; this page shows how far it is.',
  afterHeading: 'After the move',
  after1: 'Only you can move the certificate then: we cannot undo the move or bring it back.',
  after2: 'Keep your wallet’s recovery phrase safe: nobody, us included, can recover a lost wallet.',
  after3:
    'To sell the product later, send the certificate from your wallet to the buyer’s: the warranty goes with it once the buyer shows us that wallet is theirs.',
  browserWallet: 'Use my browser wallet',
  browserWalletHint:
    'Your browser has a wallet: it asks you to choose the address and to sign, then we do the rest.',
  addressLabel: 'Your wallet address',
  prepare: 'Next: prove it is my wallet',
  textLabel: 'The text for your wallet to sign (exactly as it is, line breaks included)',
  textHint:
    'Open your wallet, choose “sign message” (some wallets say “personal sign”), paste this text, sign, and paste the signature it gives you below.',
  textWhat: 'the text to sign',
  signatureLabel: 'Signature your wallet gave (starts with 0x)',
  move: 'Move it to my wallet',

  giveHeading: 'Give this warranty to someone',
  giveHint:
    'Selling the product? The buyer gets an e-mail with a link; once they claim it, the warranty is theirs.',
  giveLabel: 'Their e-mail address',
  give: 'Give this warranty',
  given: (email: string) =>
    `We e-mailed ${email} a link to take this warranty over. It stays yours until they claim it.`,
} as const
