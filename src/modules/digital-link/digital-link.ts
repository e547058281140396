import { AppError } from '../../errors.js'
import { hasGtinCheckDigit } from '../catalog/index.js'

/**
 * GS1 Digital Link URIs (uncompressed form) for the items the service knows: `{base}/01/{gtin}`
 * for a product and `{base}/01/{gtin}/21/{serial}` for one item (docs/digital-link.md).
 */

/**
 * An AI 21 serial: 1 to 20 characters of GS1's character set 82 (the letters, digits and
 * `!%&'()*+,-./:;<=>?_`) but the double quote: GS1's digital-link.js (1.4.3) refuses its
 * percent-encoded form `%22`, so a serial with one gets no Digital Link (docs/digital-link.md).
 */
const SERIAL = /^[!%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/

/**
 * The GTIN-14 of a GTIN-8, -12, -13 or -14 (left-padded with zeros, as GS1 Digital Link writes
 * it); 400 `invalid_gtin` for anything else or a wrong check digit.
 */
export function gtin14(gtin: string, path = '/params/gtin'): string {
  if (!hasGtinCheckDigit(gtin)) {
    throw new AppError('invalid_gtin', undefined, [
      { path, message: 'must be a GTIN-8, -12, -13 or -14 with a correct GS1 check digit' },
    ])
  }
  return gtin.padStart(14, '0')
}

/** A stored GTIN (any length) as GTIN-14, or null when it is not a valid one. */
export function storedGtin14(gtin: string | null): string | null {
  return gtin !== null && hasGtinCheckDigit(gtin) ? gtin.padStart(14, '0') : null
}

/**
 * True when `serial` can be AI 21 (serial number) of a GS1 Digital Link. `.` and `..` cannot:
 * in a path they are dot segments, which browsers and phones remove before sending (`%2E` too,
 * by the URL standard), so the printed link would open another URI.
 */
export function isGs1Serial(serial: string): boolean {
  return SERIAL.test(serial) && serial !== '.' && serial !== '..'
}

/** 400 `validation_error` unless `serial` can be AI 21. */
export function assertGs1Serial(serial: string, path = '/params/serial'): void {
  if (isGs1Serial(serial)) return
  throw new AppError('validation_error', 'The serial number cannot be a GS1 serial (AI 21)', [
    {
      path,
      message: "must be 1 to 20 of the characters A-Z a-z 0-9 !%&'()*+,-./:;<=>?_, and not '.' or '..'",
    },
  ])
}

/** Percent-encodes all but RFC 3986's unreserved characters, as GS1 Digital Link asks of AI values. */
function encodeAiValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** The Digital Link of a product (`serial` absent) or of one item; `gtin` already GTIN-14. */
export function digitalLinkUri(base: string, gtin: string, serial?: string): string {
  const root = base.replace(/\/+$/, '')
  return serial === undefined ? `${root}/01/${gtin}` : `${root}/01/${gtin}/21/${encodeAiValue(serial)}`
}

/**
 * What a certificate's verification shows: the Digital Link of the item when `serial` is given
 * and can be AI 21, of the product otherwise; null when the product has no valid GTIN.
 */
export function itemDigitalLink(base: string, gtin: string | null, serial?: string): string | null {
  const gtin14 = storedGtin14(gtin)
  if (gtin14 === null) return null
  return serial !== undefined && isGs1Serial(serial)
    ? digitalLinkUri(base, gtin14, serial)
    : digitalLinkUri(base, gtin14)
}
