/** Names of PDF features that run code, open other files or carry files: never stored or shared. */
const ACTIVE = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|GoToE|SubmitForm|ImportData)\b/

/**
 * A sanity check of a PDF kept as sent (it is not rendered or rewritten here): a header, an end
 * marker, and none of the features that act when the file is opened (scripts, launch actions,
 * embedded files, forms that submit), even when their names are written with `#xx` escapes.
 * Not a sanitiser: streams are not inflated, so a name hidden in a compressed object stream is
 * not seen: serve a stored PDF as a download with a sandboxing CSP. Null when acceptable,
 * else why not.
 */
export function checkReceiptPdf(bytes: Buffer): string | null {
  if (bytes.length < 64) return 'The PDF is too short to be a document'
  const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1')
  if (!tail.includes('%%EOF')) return 'The PDF is cut short (no end marker)'
  const text = bytes
    .toString('latin1')
    .replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  if (ACTIVE.test(text)) return 'PDFs with scripts, actions or embedded files are not accepted'
  return null
}

const EOI = Buffer.from([0xff, 0xd9])

/**
 * Whether a JPEG has its end marker after its first scan. libjpeg only warns about a file cut
 * short (and fills the missing rows with grey), and refusing on every warning would refuse
 * photos that merely carry odd bytes; a missing end marker is the cut itself. In scan data 0xFF
 * is always followed by 0x00 or a restart marker, so FF D9 there can only be the end.
 */
export function jpegIsComplete(bytes: Buffer): boolean {
  let i = 2
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return false
    const marker = bytes[i + 1]!
    if (marker === 0xff) i += 1
    else if (marker === 0xda) return bytes.indexOf(EOI, i + 2) >= 0
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) i += 2
    else i += 2 + bytes.readUInt16BE(i + 2)
  }
  return false
}
