import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultOcrSettings } from '../../src/adapters/ocr/settings.js'
import { TesseractOcr } from '../../src/adapters/ocr/tesseract-ocr.js'
import { MemoryRateLimiter } from '../../src/adapters/rate-limit/memory-rate-limiter.js'
import { registerErrorHandling } from '../../src/http/error-handler.js'
import { registerInputHardening } from '../../src/http/input-hardening.js'
import { parseJsonBodies } from '../../src/http/request-shape.js'
import { ErrorBody } from '../../src/http/schemas.js'
import { ocrRoutes } from '../../src/modules/receipts/ocr.routes.js'
import { longestStall } from '../support/event-loop.js'

/**
 * Issue 26, defects 1 and 2: a PDF's text layer (uploaded, or stored and read by the receipts job
 * or the inbox) is read and its fields extracted in the OCR child, under its time limit, in
 * linear time: the service's event loop never waits on it. Before: a 40 K-character line held it
 * 6.2 s (extraction on the main thread, quadratic), 300 KB of `<` 1.76 s (the stream pattern).
 */

const URL = '/v1/customer/receipts/ocr'
/** The event loop's thread may spend this long in one stall (CPU, garbage collection left out). */
const MAX_STALL_CPU_MS = 100
/** Its wall delay: a loaded 2-core machine (other test files, other engineers) adds its own. */
const MAX_DELAY_MS = 500

/** A one-page PDF whose content stream shows `text` on one line; `before` goes ahead of the object. */
function pdfShowing(text: string, before = ''): Buffer {
  const content = `BT /F1 9 Tf 20 800 Td (${text}) Tj ET`
  return Buffer.from(
    `%PDF-1.4\n${before}\n1 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n%%EOF\n`,
    'latin1',
  )
}

describe('a PDF receipt never holds the event loop', () => {
  let ocr: TesseractOcr
  let app: FastifyInstance

  beforeAll(async () => {
    ocr = new TesseractOcr(defaultOcrSettings({ workers: 1, queueLimit: 2, timeoutMs: 20_000 }))
    app = Fastify({ bodyLimit: 100 * 1024 })
    app.setValidatorCompiler(TypeBoxValidatorCompiler)
    parseJsonBodies(app)
    registerInputHardening(app)
    registerErrorHandling(app)
    app.addSchema(ErrorBody)
    await app.register(ocrRoutes, { ocr, limiter: new MemoryRateLimiter() })
    await app.ready()
    // The child started and warm (its start is not what is measured), as is this process's code.
    await ocr.warm()
    await ocr.read(pdfShowing('ACME STORE TOTAL 12.50 EUR 14/03/2024'))
  }, 60_000)

  afterAll(async () => {
    await app?.close()
    await ocr?.close()
  })

  it(`${URL}: a PDF whose text layer is one 40 K-character line`, { timeout: 60_000 }, async () => {
    // Letters, digits and spaces, no amount (a header line): 10 K of it took 228 ms on the event
    // loop before (the address pattern and the name cleaning were quadratic).
    const line = `ACME STORE ${'a1 a 1 '.repeat(5_800)}`
    expect(line.length).toBeGreaterThan(40_000)
    const body = JSON.stringify({ imageBase64: pdfShowing(line).toString('base64') })
    const {
      value: answer,
      maxMs,
      cpuMs,
    } = await longestStall(() =>
      app.inject({
        method: 'POST',
        url: URL,
        payload: body,
        headers: { 'content-type': 'application/json' },
      }),
    )
    console.info(
      `[event loop] longest delay ${maxMs.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of CPU in one stall`,
    )
    expect(cpuMs).toBeLessThan(MAX_STALL_CPU_MS)
    expect(maxMs).toBeLessThan(MAX_DELAY_MS)
    expect(answer.statusCode).toBe(200)
    expect(answer.json().rawText).toBe(line.trim())
  })

  it('a stored PDF receipt with 300 KB of `<` bytes (the receipts job, the inbox)', {
    timeout: 60_000,
  }, async () => {
    const pdf = pdfShowing('Harbor Fish House   TOTAL 12.50 EUR', '<'.repeat(300_000))
    const { value: reading, maxMs, cpuMs } = await longestStall(() => ocr.read(pdf))
    console.info(
      `[event loop] longest delay ${maxMs.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of CPU in one stall`,
    )
    expect(cpuMs).toBeLessThan(MAX_STALL_CPU_MS)
    expect(maxMs).toBeLessThan(MAX_DELAY_MS)
    expect(reading.rawText).toBe('Harbor Fish House   TOTAL 12.50 EUR')
    expect(reading.total).toBe(12.5)
  })

  it('a stored PDF with many megabytes of text on one line is read, within the time limit', {
    timeout: 60_000,
  }, async () => {
    const line = `ACME STORE ${'1 a st '.repeat(400_000)}`
    const { value: reading, maxMs, cpuMs } = await longestStall(() => ocr.read(pdfShowing(line)))
    expect(reading.merchant).toBe(null)
    console.info(
      `[event loop] longest delay ${maxMs.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of CPU in one stall`,
    )
    expect(cpuMs).toBeLessThan(MAX_STALL_CPU_MS)
    expect(maxMs).toBeLessThan(MAX_DELAY_MS)
  })
})
