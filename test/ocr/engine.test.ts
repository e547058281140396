import type { Worker as Thread } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { readPdfText } from '../../src/adapters/ocr/pdf-text.js'
import { OcrCapacityError, OcrError } from '../../src/adapters/ocr/port.js'
import { prepareImage } from '../../src/adapters/ocr/preprocess.js'
import { defaultOcrSettings } from '../../src/adapters/ocr/settings.js'
import { sniffType } from '../../src/adapters/ocr/sniff.js'
import { TesseractOcr } from '../../src/adapters/ocr/tesseract-ocr.js'
import { linesWithConfidence, TesseractPool } from '../../src/adapters/ocr/tesseract-pool.js'
import { pngBomb, receiptScan } from './support.js'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

function pool(
  settings: Partial<ConstructorParameters<typeof TesseractPool>[0]>,
  onSpawn?: (t: Thread) => void,
) {
  const p = new TesseractPool(
    { workers: 1, queueLimit: 4, timeoutMs: 20_000, recycleAfter: 50, ...settings },
    { onSpawn },
  )
  closers.push(() => p.close())
  return p
}

describe('TesseractOcr (real tesseract.js)', () => {
  it('reads a clean receipt: merchant, date, total, currency and items', async () => {
    const { png, truth } = await receiptScan()
    const ocr = new TesseractOcr(defaultOcrSettings({ workers: 1 }))
    closers.push(() => ocr.close())
    const reading = await ocr.read(png)
    expect(reading).toMatchObject({
      merchant: truth.merchant,
      date: truth.date,
      total: truth.total,
      currency: truth.currency,
    })
    expect(reading.items.map((i) => i.price)).toEqual(truth.items.map((i) => i.price))
    expect(reading.rawText).toContain(truth.merchant)
    expect(reading.confidence.total).toBeGreaterThan(0.8)
  })

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = pngBomb()
    const started = performance.now()
    await expect(prepareImage(bomb, { maxPixels: 25_000_000 })).rejects.toMatchObject({
      kind: 'image_too_large',
      retryable: false,
    })
    // Decoding 144 megapixels would take seconds; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('sniffs types from bytes, not names', () => {
    expect(sniffType(Buffer.from('%PDF-1.4\n'))).toBe('pdf')
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg')
    expect(sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg')
    expect(sniffType(Buffer.from('hello'))).toBe('unknown')
  })

  it('reads the text layer of a PDF and refuses one without', () => {
    const content =
      'BT /F1 12 Tf 50 700 Td (Harbor Fish House) Tj 0 -20 Td (Date: 14/03/2024) Tj 0 -20 Td [(TO) 20 (TAL)] TJ ( 12.50 EUR) Tj ET'
    const pdf = Buffer.from(
      `%PDF-1.4\n1 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n%%EOF`,
      'latin1',
    )
    expect(readPdfText(pdf)).toBe('Harbor Fish House\nDate: 14/03/2024\nTOTAL 12.50 EUR')
    expect(() =>
      readPdfText(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Subtype /Image >>\nstream\nxx\nendstream\n')),
    ).toThrow(expect.objectContaining({ kind: 'pdf_without_text' }))
  })
})

describe('TesseractPool', () => {
  it("gives each line of the text its words' mean confidence from tesseract's TSV", async () => {
    const { png, truth } = await receiptScan()
    const read = await pool({}).recognize((await prepareImage(png, { maxPixels: 40_000_000 })).image)
    const texts = read.text.split('\n').filter((line) => line.trim())
    expect(read.lines.map((l) => l.text)).toEqual(texts.map((t) => t.trimEnd()))
    expect(read.lines.find((l) => l.text.includes(truth.merchant))?.confidence).toBeGreaterThan(0.5)
    // Not all the page's: the lines' own.
    expect(new Set(read.lines.map((l) => l.confidence)).size).toBeGreaterThan(3)
  })

  it('pairs text lines with TSV lines in order (confidence, box height), and falls back to the page confidence when they differ', () => {
    const tsv = [
      '1\t1\t0\t0\t0\t0\t0\t0\t100\t50\t-1\t',
      '4\t1\t1\t1\t1\t0\t0\t0\t100\t20\t-1\t',
      '5\t1\t1\t1\t1\t1\t0\t0\t40\t20\t90\tMilk',
      '5\t1\t1\t1\t1\t2\t50\t0\t40\t20\t70\t1.20',
      '5\t1\t1\t1\t2\t1\t0\t30\t40\t20\t40\tTOTAL',
    ].join('\n')
    expect(linesWithConfidence('Milk   1.20\n\nTOTAL\n', tsv, 0.5)).toEqual([
      { text: 'Milk   1.20', confidence: 0.8, height: 20 },
      { text: 'TOTAL', confidence: 0.4 },
    ])
    expect(linesWithConfidence('Milk 1.20\nTOTAL\nextra\n', tsv, 0.5).map((l) => l.confidence)).toEqual([
      0.5, 0.5, 0.5,
    ])
  })

  it('fails only the read in flight when its worker thread crashes, and reads on with a new one', async () => {
    const { png } = await receiptScan()
    const threads: Thread[] = []
    const p = pool({}, (t) => threads.push(t))
    await p.warm()
    // An unknown action throws inside the worker's message handler: an uncaught error that
    // kills the thread just as it receives the read.
    threads[0]!.postMessage({ workerId: 'x', jobId: 'x', action: 'explode', payload: {} })
    const reading = p.recognize(png)
    await expect(reading).rejects.toMatchObject({ kind: 'engine_failed', retryable: true })
    const next = await p.recognize(png)
    expect(next.text.length).toBeGreaterThan(50)
    expect(threads).toHaveLength(2)
  })

  it('stops a read that hangs past the time limit, replaces the worker, and serves the next read', async () => {
    const { png } = await receiptScan()
    const threads: Thread[] = []
    const p = pool({ timeoutMs: 40 }, (t) => threads.push(t))
    await p.warm()
    await expect(p.recognize(png)).rejects.toBeInstanceOf(OcrError)
    await expect(p.recognize(png)).rejects.toMatchObject({ kind: 'timeout' })
    expect(threads.length).toBeGreaterThanOrEqual(2)
    const patient = pool({ timeoutMs: 20_000 })
    expect((await patient.recognize(png)).text.length).toBeGreaterThan(50)
  })

  it('refuses with a capacity error (and a retry delay) when the queue is full', async () => {
    const { png } = await receiptScan()
    const p = pool({ queueLimit: 1 })
    const reads = [p.recognize(png), p.recognize(png)]
    await expect(p.recognize(png)).rejects.toBeInstanceOf(OcrCapacityError)
    await expect(p.recognize(png)).rejects.toMatchObject({ kind: 'capacity', retryable: true })
    await Promise.all(reads)
  })

  it('replaces a worker after recycleAfter reads', async () => {
    const { png } = await receiptScan()
    const threads: Thread[] = []
    const p = pool({ recycleAfter: 1 }, (t) => threads.push(t))
    await p.recognize(png)
    await p.recognize(png)
    expect(threads).toHaveLength(2)
  })
})
