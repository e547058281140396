/**
 * `npm run bench:import`: a CSV import of LINES lines (default 100,000; LINES=1000000 for the
 * issue's million) through POST /v1/merchant/warranties/imports, timed from the first byte sent
 * to the import DONE: the upload (streamed), then the processing by the job queue, as lines/s.
 * On the embedded database by default (the service as `npm start` runs it, minting on its
 * embedded chain meanwhile); BENCH_DATABASE_URL with BENCH_IMPORT_DB=postgres runs it on
 * PostgreSQL. Each line has a product and an invoice number; BENCH_IMPORT_EMAILS=1 gives every
 * other line a new customer e-mail. BENCH_IMPORT_MINT=1 also waits until every warranty is
 * MINTED and reports that time, and the mint rate once the import is DONE (the backlog left
 * then is minted with nothing else to do: certificates/s of the minter alone);
 * BENCH_IMPORT_MINT_SECONDS caps that wait (the rate is then taken from what was minted).
 * Figures go to bench/results/import-<database>.json (BENCH_IMPORT_TAG=<name> adds the name).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { createPostgresDatabase, startService } from './lib.js'
import { merchantToken } from './yardsticks.js'

const LINES = Number(process.env.LINES ?? 100_000)
const withEmails = process.env.BENCH_IMPORT_EMAILS === '1'
const waitForMint = process.env.BENCH_IMPORT_MINT === '1'
const onPostgres = process.env.BENCH_IMPORT_DB === 'postgres'
const mintWaitSeconds = Number(process.env.BENCH_IMPORT_MINT_SECONDS ?? Number.POSITIVE_INFINITY)
const tag = process.env.BENCH_IMPORT_TAG ? `-${process.env.BENCH_IMPORT_TAG}` : ''

interface ImportState {
  id: string
  state: string
  lines: number
  processed: number
  created: number
  failed: number
}

/** The CSV, made as it is sent (a million lines never sit in memory at once). */
function csv(productId: string): Readable {
  const batch = Date.now().toString(36)
  let line = 0
  return Readable.from(
    (function* () {
      yield 'serialNumber,merchantProductId,invoiceNumber,customerEmail\n'
      while (line < LINES) {
        const rows: string[] = []
        for (const end = Math.min(LINES, line + 1000); line < end; line++) {
          const email = withEmails && line % 2 === 0 ? `c-${batch}-${line}@bench.example.com` : ''
          rows.push(`IM-${batch}-${line},${productId},INV-${line},${email}\n`)
        }
        yield rows.join('')
      }
    })(),
  )
}

async function get<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

const pgDb = onPostgres ? await createPostgresDatabase() : null
if (onPostgres && !pgDb) throw new Error('BENCH_IMPORT_DB=postgres needs PostgreSQL (BENCH_DATABASE_URL)')
const service = await startService(pgDb ? { DATABASE_URL: pgDb.url } : {})
try {
  const { token, productId } = await merchantToken(service.url)
  console.error(
    `importing ${LINES} lines (${pgDb ? 'postgres' : 'embedded'})${withEmails ? ', half with e-mails' : ''}`,
  )
  const started = performance.now()
  const res = await fetch(`${service.url}/v1/merchant/warranties/imports`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
    body: Readable.toWeb(csv(productId)) as ReadableStream,
    duplex: 'half',
  } as RequestInit)
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`)
  const uploaded = (await res.json()) as ImportState
  const uploadSeconds = (performance.now() - started) / 1000
  console.error(`  uploaded in ${uploadSeconds.toFixed(1)} s (${Math.round(LINES / uploadSeconds)} lines/s)`)
  let state: ImportState = uploaded
  let lastReport = 0
  while (state.state !== 'DONE' && state.state !== 'FAILED') {
    await new Promise((r) => setTimeout(r, 500))
    state = await get<ImportState>(
      `${service.url}/v1/merchant/warranties/imports/${uploaded.id}?errorsLimit=1`,
      token,
    )
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now()
      console.error(`  ${state.state}: ${state.processed}/${state.lines} lines`)
    }
  }
  const totalSeconds = (performance.now() - started) / 1000
  const processSeconds = totalSeconds - uploadSeconds
  if (state.state !== 'DONE' || state.created !== LINES) {
    throw new Error(`the import ended ${state.state} with ${state.created} of ${LINES} created`)
  }
  const figures: Record<string, unknown> = {
    database: pgDb ? 'postgres' : 'embedded',
    lines: LINES,
    withEmails,
    uploadSeconds: Number(uploadSeconds.toFixed(1)),
    processSeconds: Number(processSeconds.toFixed(1)),
    totalSeconds: Number(totalSeconds.toFixed(1)),
    linesPerSecond: Math.round(LINES / totalSeconds),
    processedLinesPerSecond: Math.round(LINES / processSeconds),
  }
  if (waitForMint) {
    const minted = async () => {
      const stats = await get<{ mints: Record<string, number> }>(`${service.url}/v1/merchant/stats`, token)
      return { done: (stats.mints.MINTED ?? 0) + (stats.mints.FAILED ?? 0), failed: stats.mints.FAILED ?? 0 }
    }
    const atDone = (await minted()).done
    const doneAt = performance.now()
    let lastLog = 0
    for (;;) {
      const now = await minted()
      const waited = (performance.now() - doneAt) / 1000
      if (performance.now() - lastLog > 30_000) {
        lastLog = performance.now()
        console.error(
          `  minted ${now.done}/${LINES} (${Math.round((now.done - atDone) / Math.max(waited, 1e-3))}/s since DONE)`,
        )
      }
      if (now.done >= LINES || waited > mintWaitSeconds) {
        const seconds = (performance.now() - started) / 1000
        if (now.done >= LINES) figures.mintedSeconds = Number(seconds.toFixed(1))
        figures.mintedAtDone = atDone
        figures.mintedAtEnd = now.done
        figures.mintFailed = now.failed
        figures.mintPerSecondAfterDone = Math.round((now.done - atDone) / waited)
        break
      }
      await new Promise((r) => setTimeout(r, 1000))
    }
  }
  console.error(
    `  DONE: ${LINES} lines in ${totalSeconds.toFixed(1)} s = ${figures.linesPerSecond} lines/s ` +
      `(processing ${figures.processedLinesPerSecond} lines/s)` +
      (figures.mintedSeconds ? `; all minted after ${figures.mintedSeconds} s` : '') +
      (waitForMint ? `; minted ${figures.mintPerSecondAfterDone}/s after DONE` : ''),
  )
  const at = new Date().toISOString()
  const file = join('bench', 'results', `import-${figures.database}${tag}.json`)
  writeFileSync(file, `${JSON.stringify({ at, ...figures }, null, 2)}\n`)
  console.log(JSON.stringify(figures))
} finally {
  await service.stop()
  await pgDb?.drop()
}
