// Every English word of the receipts pages (Receipts, ReceiptDetail, ReceiptCapture and the
// copy button they use), in one place, so that the message catalogue can take them over.
// Plain strings, or functions where a value goes into the sentence.

export const receiptWords = {
  // The list page
  title: 'Receipts',
  yourReceipts: 'Your receipts',
  search: 'Search',
  searchPlaceholder: 'Shop or text on the receipt',
  showFolder: 'Show folder',
  allFolders: 'All folders',
  loading: 'Loading…',
  noneMatch: 'No receipts match.',
  noneYet: 'No receipts yet.',
  untitled: 'Receipt',
  beingRead: 'being read',
  folderOption: (name: string, count: number) => `${name} (${count})`,

  // The inbox address
  inboxHeading: 'Send receipts by e-mail',
  inboxHint:
    'Send a receipt (a photo or PDF attached) to this address from the e-mail address you use here; shops that issued you a warranty can send theirs too. It appears in your receipts and is read for you.',
  inboxLabel: 'Your receipt inbox address',
  inboxOthers: 'Your other inbox addresses',

  // Folders
  foldersHeading: 'Folders',
  newFolder: 'New folder',
  createFolder: 'Create folder',
  folderCreated: (name: string) => `Folder “${name}” created.`,
  folderTaken: (name: string) => `You already have a folder called “${name}”.`,
  noFolders: 'No folders yet. Folders keep receipts together, for example “Kitchen” or “Taxes 2026”.',
  receiptCount: (count: number) => (count === 1 ? '1 receipt' : `${count} receipts`),
  rename: 'Rename',
  renameLabel: (name: string) => `Rename folder ${name}`,
  newName: (name: string) => `New name for ${name}`,
  saveName: 'Save name',
  cancel: 'Cancel',
  folderRenamed: (name: string) => `Folder renamed to “${name}”.`,
  deleteFolder: 'Delete',
  deleteFolderLabel: (name: string) => `Delete folder ${name}`,
  confirmDeleteFolder: (name: string, count: number) =>
    count === 0
      ? `Delete the folder “${name}”?`
      : `Delete the folder “${name}”? Its ${count === 1 ? 'receipt stays' : `${count} receipts stay`}, in no folder.`,
  folderDeleted: (name: string) => `Folder “${name}” deleted. Its receipts are kept, in no folder.`,

  // Adding a receipt
  addHeading: 'Add a receipt',
  takePhoto: 'Take a photo',
  chooseFile: 'Choose a file',
  notAPicture: 'This file could not be opened as a picture. Try a photo (JPEG or PNG) or a PDF.',
  typeYourself: 'You can type the details yourself.',
  readCheck: 'Read. Please check the details and correct anything that is wrong.',
  reading: 'Reading the receipt…',
  chosenImage: 'The receipt you chose',
  shop: 'Shop',
  date: 'Date',
  datePlaceholder: 'YYYY-MM-DD',
  total: 'Total',
  items: 'Items',
  item: (n: number) => `Item ${n}`,
  priceOf: (n: number) => `Price of item ${n}`,
  folder: 'Folder',
  noFolder: 'No folder',
  save: 'Save receipt',
  saving: 'Saving…',
  saved: 'Receipt saved.',

  // One receipt
  allReceipts: '← All receipts',
  notYours: 'This receipt is not in your wallet.',
  theReceipt: 'The receipt',
  saved_: 'Saved',
  none: '—',
  editDetails: 'Edit details',
  editHeading: 'Edit the details',
  editHint: 'Correct what was read, or fill in what is missing. An empty field is removed.',
  addItem: 'Add an item',
  removeItem: (n: number) => `Remove item ${n}`,
  saveChanges: 'Save changes',
  changesSaved: 'Changes saved.',
  stillReading: 'The receipt is still being read. What you type now is kept instead.',
  keepIn: 'Keep in',
  move: 'Move',
  moved: 'Moved.',
  shareHeading: 'Share',
  shareHint:
    'Whoever has a link sees this receipt (the picture and the details) for 30 days, not your name or e-mail.',
  byEmail: 'Share by e-mail',
  emailLabel: 'E-mail address to send it to',
  sendLink: 'Send a link',
  sentTo: (address: string) =>
    `Sent to ${address}. The link works for 30 days and shows the receipt, not your name or e-mail.`,
  linkHeading: 'A link to copy',
  linkHint: 'For a message, a chat or a form. The link is shown once: make a new one if you need it again.',
  makeLink: 'Make a link to copy',
  linkLabel: 'Link to this receipt',
  linkMade: 'Link made. Copy it now: it is not shown again.',
  activeShares: 'Links that work now',
  noActiveShares: 'No link to this receipt works now.',
  sharedWith: (address: string) => `E-mailed to ${address}`,
  copiedLink: 'Link to copy',
  sharedOn: (made: string, until: string) => `made ${made}, works until ${until}`,
  revoke: 'Stop this link',
  revokeLabel: (who: string) => `Stop this link: ${who}`,
  confirmRevoke: 'Stop this link? Whoever has it will no longer see the receipt.',
  revoked: 'The link no longer works.',
  deleteReceipt: 'Delete receipt',
  confirmDelete: 'Delete this receipt? This cannot be undone.',

  // The copy button
  copy: 'Copy',
  copyLabel: (what: string) => `Copy ${what}`,
  copied: 'Copied.',
  copyByHand: 'Select the text and copy it (your browser did not allow the copy).',
} as const
