import { inflateSync } from 'node:zlib'
import { OcrError } from './port.js'

/** A decompressed stream may not exceed this (a PDF's streams can be zip bombs too). */
const MAX_STREAM_BYTES = 8 * 1024 * 1024
const MAX_TEXT_CHARS = 200_000

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
  const streamPattern = /<<((?:(?!>>\s*stream)[\s\S]){0,2000})>>\s*stream\r?\n/g
  for (const m of source.matchAll(streamPattern)) {
    const dict = m[1] ?? ''
    const start = m.index + m[0].length
    const stop = source.indexOf('endstream', start)
    if (stop < 0) break
    if (/\/Subtype\s*\/Image|\/Type\s*\/XObject|\/Length1|\/FontFile/.test(dict)) continue
    let body = pdf.subarray(start, stop)
    if (/\/FlateDecode/.test(dict)) {
      try {
        body = inflateSync(body, { maxOutputLength: MAX_STREAM_BYTES })
      } catch {
        continue
      }
    } else if (/\/Filter/.test(dict)) continue
    const content = body.toString('latin1')
    if (!/\bBT\b/.test(content)) continue
    lines.push(...textOf(content))
    if (lines.join('\n').length > MAX_TEXT_CHARS) break
  }
  const text = lines.join('\n').trim()
  const readable = (text.match(/[A-Za-z]/g) ?? []).length
  const controls = [...text].filter((c) => c.charCodeAt(0) < 32 && !'\n\t\r'.includes(c)).length
  if (readable < 10 || controls > readable * 0.1) {
    throw new OcrError(
      'pdf_without_text',
      'This PDF has no readable text layer; send a photo or a scan of the receipt',
    )
  }
  return text
}

const TOKEN = /\((?:\\[\s\S]|[^\\)])*\)|<[0-9A-Fa-f\s]*>|\[|\]|-?\d*\.?\d+|\/[^\s/[\]()<>]+|[A-Za-z'"*]+/g

function textOf(content: string): string[] {
  const lines: string[] = []
  let current = ''
  let operands: string[] = []
  let inArray = false
  let array: string[] = []
  const newLine = () => {
    if (current.trim()) lines.push(current.replace(/\s+$/, ''))
    current = ''
  }
  for (const m of content.matchAll(TOKEN)) {
    const token = m[0]
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
    if (/^[A-Za-z'"*]+$/.test(token) && !token.startsWith('/')) {
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
    operands.push(token)
  }
  newLine()
  return lines
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
