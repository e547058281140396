import type { ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { NativeTesseractPool, nativeTesseractAvailable } from '../../src/adapters/ocr/native-pool.js'
import { OcrCapacityError } from '../../src/adapters/ocr/port.js'
import { prepareImage } from '../../src/adapters/ocr/preprocess.js'
import { defaultOcrSettings } from '../../src/adapters/ocr/settings.js'
import { TesseractOcr } from '../../src/adapters/ocr/tesseract-ocr.js'
import { receiptScan } from './support.js'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

function pool(
  settings: Partial<ConstructorParameters<typeof NativeTesseractPool>[0]>,
  onSpawn?: (c: ChildProcess) => void,
) {
  const p = new NativeTesseractPool(
    { workers: 1, queueLimit: 4, timeoutMs: 20_000, recycleAfter: 50, ...settings },
    { onSpawn },
  )
  closers.push(() => p.close())
  return p
}

/** The receipt as the engine hands it to the recogniser: a prepared binary PGM. */
async function preparedReceipt() {
  const { png, truth } = await receiptScan()
  const prepared = await prepareImage(png, { maxPixels: 40_000_000 })
  return { pgm: prepared.image, png, truth }
}

// Debian's libtesseract5 comes with tesseract-ocr (.ci/run installs it); without it the engine
// falls back to tesseract.js, which engine.test.ts covers.
describe.runIf(nativeTesseractAvailable())('NativeTesseractPool (libtesseract in child processes)', () => {
  it('reads a prepared receipt with a confidence per line', async () => {
    const { pgm, truth } = await preparedReceipt()
    const result = await pool({}).recognize(pgm)
    expect(result.text).toContain(truth.merchant)
    const merchant = result.lines.find((l) => l.text.includes(truth.merchant))
    expect(merchant?.confidence).toBeGreaterThan(0.5)
    expect(merchant?.confidence).toBeLessThanOrEqual(1)
    expect(result.confidence).toBeGreaterThan(0.5)
  })

  it('fails only the read in flight when its process crashes, and reads on with a new one', async () => {
    const { pgm } = await preparedReceipt()
    const children: ChildProcess[] = []
    const p = pool({}, (c) => children.push(c))
    await p.warm()
    const reading = p.recognize(pgm)
    // A segmentation fault, as native code can have: the child dies under the read.
    children[0]!.kill('SIGSEGV')
    await expect(reading).rejects.toMatchObject({ kind: 'engine_failed', retryable: true })
    expect((await p.recognize(pgm)).text.length).toBeGreaterThan(50)
    expect(children).toHaveLength(2)
  })

  it('kills a read that hangs past the time limit, replaces the process, and serves the next read', async () => {
    const { pgm } = await preparedReceipt()
    const children: ChildProcess[] = []
    const p = pool({ timeoutMs: 40 }, (c) => children.push(c))
    await p.warm()
    await expect(p.recognize(pgm)).rejects.toMatchObject({ kind: 'timeout', retryable: true })
    expect(children[0]!.signalCode).toBe('SIGKILL')
    await expect(p.recognize(pgm)).rejects.toMatchObject({ kind: 'timeout' })
    expect(children.length).toBeGreaterThanOrEqual(2)
    expect((await pool({ timeoutMs: 20_000 }).recognize(pgm)).text.length).toBeGreaterThan(50)
  })

  it('refuses with a capacity error when the queue is full, and replaces a process after recycleAfter reads', async () => {
    const { pgm } = await preparedReceipt()
    const children: ChildProcess[] = []
    const p = pool({ queueLimit: 1, recycleAfter: 1 }, (c) => children.push(c))
    const reads = [p.recognize(pgm), p.recognize(pgm)]
    await expect(p.recognize(pgm)).rejects.toBeInstanceOf(OcrCapacityError)
    await Promise.all(reads)
    expect(children).toHaveLength(2)
  })

  it('fails a read of bytes that are not an image without losing the process', async () => {
    const { pgm } = await preparedReceipt()
    const p = pool({})
    await expect(p.recognize(Buffer.from('not an image at all'))).rejects.toMatchObject({
      kind: 'engine_failed',
    })
    expect((await p.recognize(pgm)).text.length).toBeGreaterThan(50)
  })

  it('is the engine `native` and `auto` choose; the default keeps tesseract.js; both read the receipt alike', async () => {
    const { png, truth } = await receiptScan()
    const native = new TesseractOcr(defaultOcrSettings({ workers: 1, engine: 'native' }))
    const wasm = new TesseractOcr(defaultOcrSettings({ workers: 1 }))
    expect(new TesseractOcr(defaultOcrSettings({ workers: 1, engine: 'auto' })).engine).toBe('native')
    closers.push(
      () => native.close(),
      () => wasm.close(),
    )
    expect([native.engine, wasm.engine]).toEqual(['native', 'wasm'])
    for (const reading of [await native.read(png), await wasm.read(png)]) {
      expect(reading).toMatchObject({ merchant: truth.merchant, date: truth.date, total: truth.total })
    }
  })
})
