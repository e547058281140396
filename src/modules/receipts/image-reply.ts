import type { FastifyReply } from 'fastify'

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
}

/**
 * Sends stored receipt bytes as themselves: the sniffed type, never sniffed again by the
 * browser (nosniff), images inline and PDFs as downloads, sandboxed either way, and
 * cached only by the client (`private`: the bytes belong to one customer or one link).
 */
export function sendImage(
  reply: FastifyReply,
  blob: { bytes: Uint8Array; contentType: string },
  cacheControl: string,
  name = 'receipt',
): FastifyReply {
  const extension = EXTENSIONS[blob.contentType] ?? 'bin'
  // A PDF is kept as sent (not rewritten): a download, never rendered on this origin.
  const disposition = blob.contentType === 'application/pdf' ? 'attachment' : 'inline'
  return reply
    .type(blob.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `${disposition}; filename="${name}.${extension}"`)
    .header('cache-control', cacheControl)
    .header('referrer-policy', 'no-referrer')
    .send(Buffer.from(blob.bytes.buffer, blob.bytes.byteOffset, blob.bytes.byteLength))
}
