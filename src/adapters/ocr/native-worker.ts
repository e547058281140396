/**
 * A child process of the native OCR pool (native-pool.ts): loads tesseract's model once through
 * libtesseract, then reads the images its parent sends, one at a time. Run by `fork`, never
 * imported. Its arguments: the model folder, the tesseract parameters as JSON and, when the
 * child prepares images itself, the preparation options as JSON (`PrepareOptions`).
 *
 * Preparing here (decoding, paper finding, lighting, deskew, scaling: sharp and JavaScript) keeps
 * that work off the service's event loop and on the one core this child uses: the service's
 * process only checks the image's header and passes the bytes on.
 */
import { setPriority } from 'node:os'
import { type ExtractedReceipt, extractReceipt } from './extract/receipt-extract.js'
import { readPdfText } from './pdf-text.js'
import { OcrError, type OcrErrorKind } from './port.js'
import { sniffType } from './sniff.js'
import { OcrUploadError, openUpload, type UploadFault } from './upload.js'

/**
 * One read. Its `length` bytes (the image, or the upload) follow on this child's stdin, in the
 * order of the requests: written there by the parent as they are, they cost its event loop no
 * serialising and no copy (an IPC message of 4 MB took 2-25 ms of it).
 */
export interface NativeRequest {
  id: number
  length: number
  /** The bytes are the OCR route's raw JSON body: parsed, checked and decoded here (upload.ts). */
  upload?: true
  /** How many of the page's bands it may read at once (one recogniser a band); 1 when absent. */
  threads?: number
}

export type NativeReply =
  | {
      id: number
      text: string
      lines: { text: string; confidence: number }[]
      confidence: number
      /** Preparation and recognition, CPU ms of this child (all its threads). */
      cpuMs?: { prepare: number; recognize: number }
      /** A PDF: `text` is its text layer. */
      pdf?: true
      /** The receipt's fields, extracted here (never on the service's event loop). */
      reading: ExtractedReceipt
      /** Bands read at once (1: one after the other, or a page read whole). */
      threads: number
    }
  | { id: number; error: string; kind?: OcrErrorKind; fault?: UploadFault }
  | { ready: true }

/** Which recogniser a child holds: libtesseract and its model folder, or tesseract.js and its model. */
export type ChildConfig = (
  | { engine: 'native'; datapath: string; parameters: Record<string, string> }
  | { engine: 'wasm'; model: string; parameters: Record<string, string> }
) & {
  /** Niceness, set before any other thread (sharp's, tesseract.js's) starts: they inherit it. */
  nice: number
  /** Recognisers held (1 or 2): with 2, the two bands of a tall page can be read at once. */
  readers?: number
}

interface Reader {
  read(
    image: Uint8Array,
  ): Promise<{ text: string; lines: { text: string; confidence: number }[]; confidence: number }>
}

const send = (reply: NativeReply) => process.send?.(reply)
const [configJson = '{}', prepareJson] = process.argv.slice(2)
const config = JSON.parse(configJson) as ChildConfig
if (config.nice > 0) setPriority(config.nice)

async function startReader(): Promise<Reader> {
  if (config.engine === 'native') {
    const { LibTesseract } = await import('./libtesseract.js')
    const engine = new LibTesseract(config.datapath, config.parameters)
    return { read: (image) => engine.readAsync(image) }
  }
  const { startWorker } = await import('./tesseract-pool.js')
  // A dead thread leaves this child useless: exiting fails the read and the pool starts another.
  const worker = await startWorker({ model: config.model, parameters: config.parameters }, () =>
    process.exit(70),
  )
  return { read: (image) => worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength)) }
}
// Each recogniser holds its own copy of the model (tesseract.js: its own WASM thread).
const readers = await Promise.all(
  Array.from({ length: Math.max(1, Math.min(2, config.readers ?? 1)) }, () => startReader()),
)

type Prepare = (image: Buffer) => Promise<Uint8Array[]>
let prepare: Prepare | null = null
if (prepareJson) {
  const sharp = (await import('sharp')).default
  // One libvips thread: this child is one of the pool's workers, one core each.
  sharp.concurrency(1)
  const { prepareImage, toPgm } = await import('./preprocess.js')
  const { splitRows } = await import('./gray-image.js')
  const options = JSON.parse(prepareJson) as { maxPixels: number; targetLineHeight?: number; bands?: number }
  prepare = async (image) => {
    const prepared = await prepareImage(image, options)
    // A tall page is read in bands cut at blank rows (at least 500 px each), one after the other.
    const parts = Math.min(options.bands ?? 1, Math.floor(prepared.height / 500))
    return parts < 2 ? [prepared.image] : splitRows(prepared.gray, parts).map(toPgm)
  }
}

const cpu = () => {
  const c = process.cpuUsage()
  return (c.user + c.system) / 1000
}

/** The next `length` bytes of stdin (one request's: see `NativeRequest`). */
const stdinBytes = (() => {
  const chunks: Buffer[] = []
  let buffered = 0
  let waiting: { length: number; resolve: (bytes: Buffer) => void } | null = null
  const deliver = () => {
    if (!waiting || buffered < waiting.length) return
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, buffered)
    const { length, resolve } = waiting
    waiting = null
    chunks.length = 0
    if (all.length > length) chunks.push(all.subarray(length))
    buffered -= length
    resolve(all.subarray(0, length))
  }
  process.stdin.on('data', (chunk: Buffer) => {
    chunks.push(chunk)
    buffered += chunk.length
    deliver()
  })
  return (length: number) =>
    new Promise<Buffer>((resolve) => {
      waiting = { length, resolve }
      deliver()
    })
})()

async function handle(request: NativeRequest): Promise<NativeReply> {
  // Read first, whatever happens next: the following request's bytes come after these.
  let bytes = await stdinBytes(request.length)
  try {
    const c0 = cpu()
    if (request.upload) bytes = openUpload(bytes)
    // A PDF (uploaded, stored, e-mailed) is read here from its text layer, under the pool's
    // time limit and kill like any image: its bytes are the sender's.
    if (sniffType(bytes) === 'pdf') {
      const text = readPdfText(bytes)
      const reading = extractReceipt(text)
      return { id: request.id, text, lines: [], confidence: 1, pdf: true, threads: 1, reading }
    }
    const images = prepare ? await prepare(bytes) : [bytes]
    const c1 = cpu()
    // The bands at once, one a recogniser, when the parent says a core is free for it; else one
    // after the other. Same bands either way, so the same text.
    const threads = Math.min(request.threads ?? 1, readers.length, images.length)
    const reads = []
    if (threads > 1)
      reads.push(...(await Promise.all(images.map((image, i) => readers[i % threads]!.read(image)))))
    else for (const image of images) reads.push(await readers[0]!.read(image))
    const read = {
      text: reads.map((r) => r.text.trim()).join('\n'),
      lines: reads.flatMap((r) => r.lines),
      confidence: reads.reduce((sum, r) => sum + r.confidence, 0) / reads.length,
    }
    const lines =
      read.lines.length > 0
        ? read.lines
        : read.text.split('\n').map((text) => ({ text, confidence: read.confidence }))
    const reading = extractReceipt(lines)
    return { id: request.id, ...read, threads, reading, cpuMs: { prepare: c1 - c0, recognize: cpu() - c1 } }
  } catch (error) {
    const kind = error instanceof OcrError ? error.kind : undefined
    const fault = error instanceof OcrUploadError ? { fault: error.fault } : {}
    return { id: request.id, error: (error as Error).message, ...(kind ? { kind } : {}), ...fault }
  }
}

// Requests are answered in order, one at a time (the pool sends one at a time anyway).
let chain: Promise<unknown> = Promise.resolve()
process.on('message', (request: NativeRequest) => {
  chain = chain.then(async () => send(await handle(request)))
})
// The parent going away (even killed) closes the channel: nothing is left running.
process.on('disconnect', () => process.exit(0))
send({ ready: true })
