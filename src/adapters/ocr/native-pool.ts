import { type ChildProcess, fork } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { projectRoot } from '../../paths.js'
import type { ChildConfig, NativeReply, NativeRequest } from './native-worker.js'
import { OcrError } from './port.js'
import { type PoolSettings, type Recognizer, RecognizerPool } from './recognizer-pool.js'
import { baseParameters, isBundled, MODELS_DIR, type PoolOptions } from './tesseract-pool.js'
import { OcrUploadError } from './upload.js'

export interface NativePoolOptions extends Omit<PoolOptions, 'onSpawn'> {
  /** Called with each child process when it starts (metrics, fault-injection tests). */
  onSpawn?: (child: ChildProcess) => void
  /**
   * The children prepare the images themselves (`prepareImage` with these options): the pool is
   * then handed the uploaded bytes, and an image's own fault comes back as its `OcrError`
   * (`invalid_image`, …) without replacing the child. Without it, the pool is handed images
   * ready for tesseract.
   */
  prepare?: { maxPixels: number; targetLineHeight?: number; bands?: number }
  /** The children's niceness (0: as this process). */
  nice?: number
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
 * Child processes that each hold one recogniser and read one image at a time, in a bounded pool
 * (see `RecognizerPool`): tesseract's own library (`native`: Debian's `libtesseract5` called
 * through koffi) or tesseract.js (`wasm`, a worker thread inside the child). Each child loads the
 * model once and keeps it. With `prepare`, a child also prepares the images (sharp and the
 * JavaScript steps of preprocess.ts): none of that runs on the service's event loop. A child that
 * crashes (native code can) or hangs is killed and replaced, and fails the one read it had: the
 * service's process is never at risk.
 */
export class ChildOcrPool extends RecognizerPool {
  constructor(settings: PoolSettings, engine: 'native' | 'wasm', options: NativePoolOptions = {}) {
    const model = options.model ?? '4.0.0_best_int'
    const config: ChildConfig =
      engine === 'native'
        ? {
            engine,
            datapath: modelFolder(model),
            parameters: baseParameters(options),
            nice: options.nice ?? 0,
            readers: settings.readThreads ?? 1,
          }
        : {
            engine,
            model,
            parameters: baseParameters(options),
            nice: options.nice ?? 0,
            readers: settings.readThreads ?? 1,
          }
    const args = [JSON.stringify(config)]
    if (options.prepare) args.push(JSON.stringify(options.prepare))
    super(settings, (died) => startChild(args, options, died))
  }
}

/** libtesseract in child processes (see `ChildOcrPool`). */
export class NativeTesseractPool extends ChildOcrPool {
  constructor(settings: PoolSettings, options: NativePoolOptions = {}) {
    super(settings, 'native', options)
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

/**
 * The child's entry: the `.ts` source under tsx or vitest, the compiled `.js` in `dist/src/` once
 * built (also when this module runs from the service's bundle in `dist/bundle/`, which holds no
 * such file).
 */
function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url)
  const ts = here.endsWith('.ts')
  return {
    file: ts
      ? join(here, '..', 'native-worker.ts')
      : join(projectRoot, 'dist', 'src', 'adapters', 'ocr', 'native-worker.js'),
    // tsx from this project's node_modules, whatever the working folder.
    execArgv: ts ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [],
  }
}

function startChild(
  args: string[],
  options: NativePoolOptions,
  died: (reason: string, cause?: unknown) => void,
): Promise<Recognizer> {
  const { file, execArgv } = childEntry()
  const child = fork(file, args, {
    execArgv,
    serialization: 'advanced',
    // stdin carries each read's bytes (see `NativeRequest`).
    stdio: ['pipe', 'ignore', 'ignore', 'ipc'],
    // One thread a child: the pool is the parallelism (OpenMP threads would spin on shared cores).
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  })
  options.onSpawn?.(child)
  // A child that dies mid-write: its read fails through 'exit' below, not as an unhandled EPIPE.
  child.stdin?.on('error', () => undefined)
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
      recognize: async (image, options) => {
        const threads = options?.threads ?? 1
        const id = next++
        // An upload (the route's raw JSON body) is opened by the child: see upload.ts.
        const length = image.length
        const request: NativeRequest = options?.upload
          ? { id, length, threads, upload: true }
          : { id, length, threads }
        const reply = await new Promise<NativeReply>((done, fail) => {
          pending.set(id, { resolve: done, reject: fail })
          child.send(request, (error) => error && fail(error))
          // The bytes themselves go down the pipe as they are: no serialising, no copy here.
          child.stdin?.write(image)
        })
        if ('error' in reply) {
          if (reply.fault) throw new OcrUploadError(reply.fault)
          throw reply.kind ? new OcrError(reply.kind, reply.error) : new Error(reply.error)
        }
        if ('ready' in reply) throw new Error('Unexpected reply')
        const read = {
          text: reply.text,
          lines: reply.lines,
          confidence: reply.confidence,
          threads: reply.threads,
          reading: reply.reading,
        }
        return reply.pdf ? { ...read, pdf: true } : read
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
