// The GS1 Digital Link of a product or an item as the service's QR code route draws it
// (docs/digital-link.md): the link is parsed back into its GTIN (AI 01) and serial (AI 21).

export interface DigitalLinkKey {
  gtin: string
  serial: string | null
}

/**
 * Read from the link as written, not through `new URL`: a URL parser would resolve a serial
 * `.` or `..` as a dot segment and lose it.
 */
const LINK = /^https?:\/\/[^/?#]+(?:\/[^?#]*)?\/01\/(\d{14})(?:\/21\/([^/?#]+))?\/?(?:[?#].*)?$/

/** The GTIN and serial of a Digital Link the service printed, or null for anything else. */
export function digitalLinkKey(link: string): DigitalLinkKey | null {
  const found = LINK.exec(link)
  if (!found?.[1]) return null
  try {
    return { gtin: found[1], serial: found[2] === undefined ? null : decodeURIComponent(found[2]) }
  } catch {
    return null
  }
}

/** The service's QR code of a Digital Link (`/v1/global/digital-link/qr`), SVG or PNG. */
export function qrImageUrl(link: string, format: 'svg' | 'png' = 'svg', size?: number): string | null {
  const key = digitalLinkKey(link)
  if (!key) return null
  const query = new URLSearchParams({ gtin: key.gtin })
  if (key.serial !== null) query.set('serial', key.serial)
  query.set('format', format)
  if (size !== undefined) query.set('size', String(size))
  return `/v1/global/digital-link/qr?${query}`
}
