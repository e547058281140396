import koffi from 'koffi'
import type { OcrLine } from './recognizer-pool.js'

/** Debian's `libtesseract5` (installed with `tesseract-ocr`) and the leptonica it links. */
const LIBTESSERACT = 'libtesseract.so.5'
const LIBLEPT = 'liblept.so.5'
const OEM_LSTM_ONLY = 1
const RIL_TEXTLINE = 2

/**
 * tesseract's C API (`capi.h`) through koffi: one `TessBaseAPI` holding the model, reused for
 * every read, so a read pays for recognition only (the command-line program loads the model
 * each time). Runs in a child process of its own (native-worker.ts): a crash there is not ours.
 */
export class LibTesseract {
  private readonly fn: ReturnType<typeof bind>
  private readonly handle: unknown

  constructor(datapath: string, parameters: Record<string, string>) {
    this.fn = bind()
    this.handle = this.fn.create()
    if (this.fn.init(this.handle, datapath, 'eng', OEM_LSTM_ONLY) !== 0) {
      throw new Error(`tesseract could not load the English model from ${datapath}`)
    }
    for (const [name, value] of Object.entries(parameters)) {
      if (!this.fn.setVariable(this.handle, name, value))
        throw new Error(`Unknown tesseract parameter ${name}`)
    }
  }

  /** Reads an encoded image (PGM, PNG, JPEG…: whatever leptonica decodes), on this thread. */
  read(image: Uint8Array): { text: string; lines: OcrLine[]; confidence: number } {
    return this.withImage(image, () => {
      if (this.fn.recognize(this.handle, null) !== 0)
        throw new Error('tesseract could not recognise the image')
      return this.collect()
    })
  }

  /**
   * The same read with the recognition (nearly all of its time) on one of koffi's threads, so
   * that two instances can read two bands of a page at once.
   */
  readAsync(image: Uint8Array): Promise<{ text: string; lines: OcrLine[]; confidence: number }> {
    return this.withImage(image, () =>
      new Promise<number>((resolve, reject) =>
        this.fn.recognize.async(this.handle, null, (error: unknown, status: number) =>
          error ? reject(error) : resolve(status),
        ),
      ).then((status) => {
        if (status !== 0) throw new Error('tesseract could not recognise the image')
        return this.collect()
      }),
    )
  }

  /** Sets the image, runs `use`, and clears the image and the results when it settles. */
  private withImage<T>(image: Uint8Array, use: () => T): T {
    const pix = this.fn.readImage(image, image.length)
    if (!pix) throw new Error('leptonica could not decode the image')
    const done = () => {
      this.fn.clear(this.handle)
      this.fn.destroyImage([pix])
    }
    let result: T
    try {
      this.fn.setImage(this.handle, pix)
      result = use()
    } catch (error) {
      done()
      throw error
    }
    if (result instanceof Promise) return result.finally(done) as T
    done()
    return result
  }

  /** The lines and the text of the image just recognised. */
  private collect(): { text: string; lines: OcrLine[]; confidence: number } {
    const lines: OcrLine[] = []
    const it = this.fn.iterator(this.handle)
    if (it) {
      do {
        const text = this.take(this.fn.iteratorText(it, RIL_TEXTLINE)).replace(/\n$/, '')
        const confidence = this.fn.iteratorConfidence(it, RIL_TEXTLINE) / 100
        // The line's box: its height is the layout the extraction weighs (a name printed large).
        const [left, top, right, bottom] = [[0], [0], [0], [0]]
        const boxed = this.fn.boundingBox(this.fn.pageIterator(it), RIL_TEXTLINE, left, top, right, bottom)
        const height = boxed ? bottom[0]! - top[0]! : 0
        if (text.trim()) lines.push(height > 0 ? { text, confidence, height } : { text, confidence })
      } while (this.fn.iteratorNext(it, RIL_TEXTLINE))
      this.fn.iteratorDelete(it)
    }
    const text = this.take(this.fn.utf8(this.handle))
    return { text, lines, confidence: this.fn.meanConfidence(this.handle) / 100 }
  }

  /** A string tesseract allocated, copied out and freed. */
  private take(pointer: unknown): string {
    if (!pointer) return ''
    const text = koffi.decode(pointer, 'char', -1) as string
    this.fn.deleteText(pointer)
    return text
  }
}

function bind() {
  const tess = koffi.load(LIBTESSERACT)
  const lept = koffi.load(LIBLEPT)
  return {
    create: tess.func('void *TessBaseAPICreate()'),
    init: tess.func('int TessBaseAPIInit2(void *, const char *, const char *, int)'),
    setVariable: tess.func('int TessBaseAPISetVariable(void *, const char *, const char *)'),
    setImage: tess.func('void TessBaseAPISetImage2(void *, void *)'),
    recognize: tess.func('int TessBaseAPIRecognize(void *, void *)'),
    utf8: tess.func('void *TessBaseAPIGetUTF8Text(void *)'),
    meanConfidence: tess.func('int TessBaseAPIMeanTextConf(void *)'),
    deleteText: tess.func('void TessDeleteText(void *)'),
    iterator: tess.func('void *TessBaseAPIGetIterator(void *)'),
    iteratorText: tess.func('void *TessResultIteratorGetUTF8Text(void *, int)'),
    iteratorConfidence: tess.func('float TessResultIteratorConfidence(void *, int)'),
    iteratorNext: tess.func('int TessResultIteratorNext(void *, int)'),
    iteratorDelete: tess.func('void TessResultIteratorDelete(void *)'),
    pageIterator: tess.func('void *TessResultIteratorGetPageIteratorConst(void *)'),
    boundingBox: tess.func(
      'int TessPageIteratorBoundingBox(void *, int, _Out_ int *, _Out_ int *, _Out_ int *, _Out_ int *)',
    ),
    clear: tess.func('void TessBaseAPIClear(void *)'),
    readImage: lept.func('void *pixReadMem(const uint8_t *, size_t)'),
    destroyImage: lept.func('void pixDestroy(_Inout_ void **)'),
  }
}
