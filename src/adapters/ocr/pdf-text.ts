import { inflateSync } from 'node:zlib'
import { OcrError } from './port.js'

/** A decompressed stream may not exceed this (a PDF's streams can be zip bombs too). */
const MAX_STREAM_BYTES = 8 * 1024 * 1024
const MAX_TEXT_CHARS = 200_000
/** All of a PDF's inflated streams together (many small zip bombs are one big one). */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024

/**
 * The text layer of a PDF (what an invoice generator or a till's e-mail receipt writes),
 * read without OCR: content streams inflated within a size limit, text-showing operators
 * (Tj, TJ, ', ") read in order, a new line wherever the text position moves down. Fonts that
 * map glyphs through a CMap (Identity-H) and scanned, image-only PDFs have no readable
 * layer here: they are refused with `pdf_without_text` rather than guessed at.
 */
export function readPdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1')
  if (/\/Encrypt\b/.test(source)) throw new OcrError('pdf_without_text', 'Encrypted PDFs are not read')
  const lines: string[] = []
  let chars = 0
  let inflated = 0
  for (const { dict, start, stop } of streams(source)) {
    if (/\/Subtype\s*\/Image|\/Type\s*\/XObject|\/Length1|\/FontFile/.test(dict)) continue
    let body = pdf.subarray(start, stop)
    if (/\/FlateDecode/.test(dict)) {
      if (inflated >= MAX_INFLATED_BYTES) break
      try {
        body = inflateSync(body, {
          maxOutputLength: Math.min(MAX_STREAM_BYTES, MAX_INFLATED_BYTES - inflated),
        })
      } catch {
        continue
      }
      inflated += body.length
    } else if (/\/Filter/.test(dict)) continue
    const content = body.toString('latin1')
    if (!/\bBT\b/.test(content)) continue
    for (const line of textOf(content)) {
      lines.push(line)
      chars += line.length + 1
    }
    if (chars > MAX_TEXT_CHARS) break
  }
  // One stream can show megabytes on one line: the text is cut like the rest.
  const text = lines.join('\n').slice(0, MAX_TEXT_CHARS).trim()
  const readable = (text.match(/[A-Za-z]/g) ?? []).length
  let controls = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 32 && c !== 10 && c !== 9 && c !== 13) controls++
  }
  if (readable < 10 || controls > readable * 0.1) {
    throw new OcrError(
      'pdf_without_text',
      'This PDF has no readable text layer; send a photo or a scan of the receipt',
    )
  }
  return text
}

/** How far before its `stream` keyword a stream's dictionary may start. */
const MAX_DICT_CHARS = 2000

/**
 * The streams of a PDF in order: each `>>` + `stream` keyword, its dictionary (from the first
 * `<<` at most 2000 characters before it, after the previous stream), its body up to the next
 * `endstream`. One pass: the search never goes back before the previous stream's end, so the
 * time is linear in the file whatever its bytes (a lazy pattern spanning 2000 characters from
 * every `<` cost ~6 s a MB of `<`).
 */
function* streams(source: string): Generator<{ dict: string; start: number; stop: number }> {
  const keyword = />>\s*stream\r?\n/g
  let from = 0
  for (;;) {
    keyword.lastIndex = from
    const m = keyword.exec(source)
    if (!m) return
    const start = m.index + m[0].length
    const open = source.indexOf('<<', Math.max(from, m.index - MAX_DICT_CHARS))
    const stop = source.indexOf('endstream', start)
    if (stop < 0) return
    if (open >= 0 && open < m.index) yield { dict: source.slice(open + 2, m.index), start, stop }
    from = stop + 'endstream'.length
  }
}

/** `Tj`'s and friends' operands and operators, one pass over a content stream (see `tokens`). */
function textOf(content: string): string[] {
  const lines: string[] = []
  let current = ''
  let operands: string[] = []
  let inArray = false
  let array: string[] = []
  const newLine = () => {
    const line = current.trimEnd()
    if (line.trim()) lines.push(line)
    current = ''
  }
  for (const token of tokens(content)) {
    if (token === '[') {
      inArray = true
      array = []
      continue
    }
    if (token === ']') {
      inArray = false
      operands.push(`[${array.length}`)
      continue
    }
    if (inArray) {
      if (token.startsWith('(') || token.startsWith('<')) array.push(decodeString(token))
      else if (Number(token) < -180) array.push(' ')
      continue
    }
    if (/^[A-Za-z'"*]+$/.test(token)) {
      switch (token) {
        case 'Tj':
          current += decodeString(operands.at(-1) ?? '')
          break
        case 'TJ':
          current += array.join('')
          break
        case "'":
        case '"':
          newLine()
          current += decodeString(operands.at(-1) ?? '')
          break
        case 'T*':
        case 'ET':
          newLine()
          break
        case 'Td':
        case 'TD':
          if (Number(operands.at(-1)) !== 0) newLine()
          else if (current && !current.endsWith(' ')) current += ' '
          break
        case 'Tm':
          newLine()
          break
      }
      operands = []
      continue
    }
    // Only the last operand is ever used: a run of a million numbers is not kept.
    if (operands.length >= 8) operands.shift()
    operands.push(token)
  }
  newLine()
  return lines
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0
const isDigit = (c: number) => c >= 48 && c <= 57
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
const isWordChar = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 39 || c === 34 || c === 42
const NAME_END = new Set([...' \t\r\n\f\0/[]()<>'].map((c) => c.charCodeAt(0)))

/**
 * The tokens of a content stream: `(string)`, `<hex>`, `[`, `]`, numbers, `/Names` and operators;
 * anything else is skipped. A hand-written scanner, linear in the stream: every character is
 * looked at a bounded number of times (a pattern for `(…)` restarted at every `(` of a string
 * that never closes was quadratic).
 */
function* tokens(content: string): Generator<string> {
  const n = content.length
  let i = 0
  // Past the last `)`, no `(` can close: strings are not looked for again.
  let unclosed = false
  while (i < n) {
    const c = content.charCodeAt(i)
    if (c === 40 /* ( */) {
      if (!unclosed) {
        let j = i + 1
        while (j < n) {
          const d = content.charCodeAt(j)
          if (d === 92 /* \ */) j += 2
          else if (d === 41 /* ) */) break
          else j++
        }
        if (j < n) {
          yield content.slice(i, j + 1)
          i = j + 1
          continue
        }
        unclosed = true
      }
      i++
    } else if (c === 60 /* < */) {
      let j = i + 1
      while (j < n && (isHex(content.charCodeAt(j)) || isSpace(content.charCodeAt(j)))) j++
      if (j < n && content.charCodeAt(j) === 62 /* > */) {
        yield content.slice(i, j + 1)
        i = j + 1
      } else i++ // what follows is hex digits and spaces up to a non-hex byte: scanned once more at most
    } else if (c === 91 || c === 93) {
      yield content[i]!
      i++
    } else if (c === 47 /* / */) {
      let j = i + 1
      while (j < n && !NAME_END.has(content.charCodeAt(j))) j++
      if (j > i + 1) yield content.slice(i, j)
      i = Math.max(i + 1, j)
    } else if (isDigit(c) || c === 45 /* - */ || c === 46 /* . */) {
      let j = c === 45 ? i + 1 : i
      const digitsFrom = j
      while (j < n && isDigit(content.charCodeAt(j))) j++
      let end = j
      if (j < n && content.charCodeAt(j) === 46) {
        let k = j + 1
        while (k < n && isDigit(content.charCodeAt(k))) k++
        if (k > j + 1) end = k
      }
      if (end > digitsFrom) {
        yield content.slice(i, end)
        i = end
      } else i++
    } else if (isWordChar(c)) {
      let j = i + 1
      while (j < n && isWordChar(content.charCodeAt(j))) j++
      yield content.slice(i, j)
      i = j
    } else i++
  }
}

function decodeString(token: string): string {
  if (token.startsWith('<')) {
    const hex = token.slice(1, -1).replace(/\s/g, '')
    let out = ''
    for (let i = 0; i + 1 < hex.length; i += 2)
      out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16))
    return out
  }
  if (!token.startsWith('(')) return ''
  return token.slice(1, -1).replace(/\\(n|r|t|b|f|\(|\)|\\|[0-7]{1,3}|\r?\n)/g, (_, e: string) => {
    if (e === 'n' || e === 'r') return ' '
    if (e === 't') return ' '
    if (e === 'b' || e === 'f') return ''
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(Number.parseInt(e, 8))
    if (e.startsWith('\r') || e.startsWith('\n')) return ''
    return e
  })
}
