import { currentSession } from './session'

/** Largest side of a photo sent for reading and saving: plenty for OCR, far under the 5 MB limit. */
const MAX_SIDE = 2000

function toBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes)
  let binary = ''
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000))
  return btoa(binary)
}

/**
 * A picked or photographed file as the API takes it (base64, no data: prefix): photos scaled
 * down to MAX_SIDE and re-encoded as JPEG (EXIF orientation applied by the browser); PDFs as
 * they are.
 */
export async function prepareReceiptFile(file: File): Promise<{ base64: string; previewUrl: string | null }> {
  if (file.type === 'application/pdf') return { base64: toBase64(await file.arrayBuffer()), previewUrl: null }
  return preparePhoto(file, MAX_SIDE)
}

/**
 * A photo scaled down to `maxSide` and re-encoded as JPEG (EXIF orientation applied by the
 * browser) at `quality`, as base64 without a data: prefix, with an object URL to preview it. Throws when the
 * file is not a picture the browser can open.
 */
export async function preparePhoto(
  file: File,
  maxSide: number,
  quality = 0.88,
): Promise<{ base64: string; previewUrl: string }> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(bitmap.width * scale)
  canvas.height = Math.round(bitmap.height * scale)
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', quality),
  )
  return { base64: toBase64(await blob.arrayBuffer()), previewUrl: URL.createObjectURL(blob) }
}

/** An image route that needs the bearer token, as an object URL for <img src>. */
export async function authorisedImage(url: string): Promise<string | null> {
  const session = currentSession()
  if (!session) return null
  try {
    const answer = await fetch(url, { headers: { authorization: `Bearer ${session.token}` } })
    return answer.ok ? URL.createObjectURL(await answer.blob()) : null
  } catch {
    return null
  }
}
