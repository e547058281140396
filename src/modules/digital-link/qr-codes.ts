import QRCode from 'qrcode'

/** The QR code formats the API gives. */
export const QR_FORMATS = ['svg', 'png'] as const
export type QrFormat = (typeof QR_FORMATS)[number]

/** Error correction M (15 %): what GS1 recommends for a Digital Link printed on a product. */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const

/** The QR code of `uri` as an SVG document (scales without loss: for print). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { ...OPTIONS, type: 'svg' })
}

/** The QR code of `uri` as a PNG, `width` pixels wide (quiet zone included). */
export function qrPng(uri: string, width: number): Promise<Buffer> {
  return QRCode.toBuffer(uri, { ...OPTIONS, type: 'png', width })
}
