import { type ChildProcess, fork } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gunzipSync } from 'node:zlib'
import type { NativeReply, NativeRequest } from './native-worker.js'
import { type PoolSettings, type Recognizer, RecognizerPool } from './recognizer-pool.js'
import { baseParameters, isBundled, MODELS_DIR, type PoolOptions } from './tesseract-pool.js'

export interface NativePoolOptions extends Omit<PoolOptions, 'onSpawn'> {
  /** Called with each child process when it starts (metrics, fault-injection tests). */
  onSpawn?: (child: ChildProcess) => void
}

/**
 * Whether the native engine can run here: koffi loads (a prebuilt binary for this platform)
 * and so does Debian's `libtesseract.so.5` (package `libtesseract5`, installed with
 * `tesseract-ocr`). Checked once; `auto` falls back to tesseract.js when not.
 */
export function nativeTesseractAvailable(): boolean {
  available ??= probe()
  return available
}

let available: boolean | undefined

function probe(): boolean {
  try {
    const koffi = createRequire(import.meta.url)('koffi') as { load: (name: string) => unknown }
    koffi.load('libtesseract.so.5')
    koffi.load('liblept.so.5')
    return true
  } catch {
    return false
  }
}

/** How long a child may take to load the model before it counts as failed, ms. */
const START_TIMEOUT_MS = 30_000

/**
 * tesseract's own library (Debian's `libtesseract5`, called through koffi) in child processes,
 * in a bounded pool (see `RecognizerPool`). Each child loads the model once and keeps it; a
 * read costs recognition only. A child that crashes (native code can) or hangs is killed and
 * replaced, and fails the one read it had: the service's process is never at risk.
 */
export class NativeTesseractPool extends RecognizerPool {
  constructor(settings: PoolSettings, options: NativePoolOptions = {}) {
    const datapath = modelFolder(options.model ?? '4.0.0_best_int')
    const parameters = JSON.stringify(baseParameters(options))
    super(settings, (died) => startChild(datapath, parameters, options, died))
  }
}

/**
 * A folder holding an uncompressed `eng.traineddata`. The models in node_modules are gzipped:
 * the chosen one is unpacked once into the temporary folder (written aside, then renamed, so
 * that a half-written file is never read).
 */
export function modelFolder(model: string): string {
  if (!isBundled(model)) return model
  const folder = join(tmpdir(), 'warranty-ocr-models', model)
  const file = join(folder, 'eng.traineddata')
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true })
    const partial = `${file}.${process.pid}.part`
    writeFileSync(partial, gunzipSync(readFileSync(join(MODELS_DIR, model, 'eng.traineddata.gz'))))
    renameSync(partial, file)
  }
  return folder
}

/** The child's entry: the `.ts` source under tsx or vitest, the compiled `.js` in `dist/`. */
function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url)
  const ts = here.endsWith('.ts')
  return {
    file: join(here, '..', `native-worker.${ts ? 'ts' : 'js'}`),
    // tsx from this project's node_modules, whatever the working folder.
    execArgv: ts ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [],
  }
}

function startChild(
  datapath: string,
  parameters: string,
  options: NativePoolOptions,
  died: (reason: string, cause?: unknown) => void,
): Promise<Recognizer> {
  const { file, execArgv } = childEntry()
  const child = fork(file, [datapath, parameters], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    // One thread a child: the pool is the parallelism (OpenMP threads would spin on shared cores).
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  })
  options.onSpawn?.(child)
  const pending = new Map<number, { resolve: (r: NativeReply) => void; reject: (e: Error) => void }>()
  let next = 0
  return new Promise<Recognizer>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error('The native OCR worker did not start in time'))
    }, START_TIMEOUT_MS)
    child.on('message', (reply: NativeReply) => {
      if ('ready' in reply) {
        clearTimeout(timer)
        resolve(recognizer)
        return
      }
      pending.get(reply.id)?.resolve(reply)
      pending.delete(reply.id)
    })
    child.on('error', (cause) => died('crashed', cause))
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`The native OCR worker exited while starting (${signal ?? code})`))
      for (const job of pending.values()) job.reject(new Error('The native OCR worker exited'))
      pending.clear()
      died('exited', signal ?? code)
    })
    const recognizer: Recognizer = {
      recognize: async (image) => {
        const id = next++
        const reply = await new Promise<NativeReply>((done, fail) => {
          pending.set(id, { resolve: done, reject: fail })
          child.send({ id, image } satisfies NativeRequest, (error) => error && fail(error))
        })
        if ('error' in reply) throw new Error(reply.error)
        if ('ready' in reply) throw new Error('Unexpected reply')
        return { text: reply.text, lines: reply.lines, confidence: reply.confidence }
      },
      stop: () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done()
          child.once('exit', () => done())
          child.kill('SIGKILL')
        }),
    }
  })
}
