import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Every word a page shows comes from the message catalogue (docs/web-app.md#languages): no
// .svelte file under these roots writes a word into its markup, as a text node or as the value
// of an attribute people read (a label, a placeholder, an alternative text…). Script and style
// blocks are not read: their words reach the page through `{…}`, and a lone string literal
// there (`{'Save'}`, `aria-label={'Close'}`) counts as written in the markup.

/** What is scanned: folders (every .svelte file under them) and single files. */
const ROOTS = ['web/src/pages', 'web/src/components', 'web/src/App.svelte', 'web/src/console']

/** Attributes and component props whose value is read by people. */
const READ_ATTRIBUTES = new Set([
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'alt',
  'label',
  'text',
  'message',
  'what',
])

/** Literal texts that are no words of a language (example codes, an audit action's form, a file format). Keep it short. */
const ALLOWED = ['WR-7Q2K-9XMD-P4TB', 'WR-…', 'merchant.update', 'PNG']

interface Finding {
  line: number
  text: string
}

const WORD = /\p{L}{2,}/u
const ENTITY = /&[a-z0-9#]+;/gi

function hasWord(literal: string): boolean {
  let rest = literal.replace(ENTITY, ' ')
  for (const allowed of ALLOWED) rest = rest.split(allowed).join(' ')
  return WORD.test(rest)
}

/** The source with its <script> and <style> blocks blanked (line breaks kept, for line numbers). */
function withoutBlocks(source: string): string {
  let out = ''
  let at = 0
  const lower = source.toLowerCase()
  while (at < source.length) {
    const script = lower.indexOf('<script', at)
    const style = lower.indexOf('<style', at)
    const start = script === -1 ? style : style === -1 ? script : Math.min(script, style)
    if (start === -1) break
    const close = start === script ? '</script>' : '</style>'
    const end = lower.indexOf(close, start)
    const stop = end === -1 ? source.length : end + close.length
    out += source.slice(at, start) + source.slice(start, stop).replace(/[^\n]/g, ' ')
    at = stop
  }
  return out + source.slice(at)
}

/**
 * The end (index after the closing brace) of the `{…}` expression opening at `start`: braces
 * counted, string and template literals skipped. One pass, each character looked at once.
 */
function expressionEnd(s: string, start: number): number {
  const stack: string[] = ['{']
  let j = start + 1
  while (j < s.length && stack.length > 0) {
    const c = s[j]
    if (stack[stack.length - 1] === '`') {
      if (c === '\\') j += 2
      else if (c === '`') {
        stack.pop()
        j++
      } else if (c === '$' && s[j + 1] === '{') {
        stack.push('{')
        j += 2
      } else j++
      continue
    }
    if (c === "'" || c === '"') {
      j++
      while (j < s.length && s[j] !== c) j += s[j] === '\\' ? 2 : 1
      j++
      continue
    }
    if (c === '`' || c === '{') stack.push(c)
    else if (c === '}') stack.pop()
    j++
  }
  return j
}

/** The string of an expression that is one string literal and nothing else, or null. */
function loneLiteral(expression: string): string | null {
  const inner = expression.trim()
  const quote = inner[0]
  if (inner.length < 2 || (quote !== "'" && quote !== '"' && quote !== '`')) return null
  if (inner[inner.length - 1] !== quote) return null
  const body = inner.slice(1, -1)
  return body.includes(quote) || (quote === '`' && body.includes('${')) ? null : body
}

/** The words written into the markup of one .svelte source. */
function hardCodedWords(source: string): Finding[] {
  const s = withoutBlocks(source)
  const findings: Finding[] = []
  let line = 1
  let lineAt = 0
  const lineOf = (index: number) => {
    for (; lineAt < index; lineAt++) if (s[lineAt] === '\n') line++
    return line
  }
  const report = (index: number, text: string) => {
    if (hasWord(text)) findings.push({ line: lineOf(index), text: text.trim() })
  }
  const expression = (start: number): number => {
    const end = expressionEnd(s, start)
    const literal = loneLiteral(s.slice(start + 1, end - 1))
    if (literal !== null) report(start, literal)
    return end
  }

  /** Reads one tag from after its `<`; answers the index after its `>`. */
  const tag = (from: number): number => {
    let j = from
    while (j < s.length && !/[\s/>]/.test(s[j] ?? '')) j++
    for (;;) {
      while (j < s.length && /\s/.test(s[j] ?? '')) j++
      const c = s[j]
      if (c === undefined) return j
      if (c === '>') return j + 1
      if (c === '/') {
        j++
        continue
      }
      if (c === '{') {
        j = expression(j)
        continue
      }
      const nameStart = j
      while (j < s.length && !/[\s=>/{]/.test(s[j] ?? '')) j++
      const name = s.slice(nameStart, j).toLowerCase()
      if (name === '') {
        j++
        continue
      }
      if (s[j] !== '=') continue
      j++
      const read = READ_ATTRIBUTES.has(name)
      const q = s[j]
      if (q === '"' || q === "'") {
        j++
        let partStart = j
        while (j < s.length && s[j] !== q) {
          if (s[j] === '{') {
            if (read) report(partStart, s.slice(partStart, j))
            j = expression(j)
            partStart = j
          } else j++
        }
        if (read) report(partStart, s.slice(partStart, j))
        j++
      } else if (q === '{') {
        const end = expressionEnd(s, j)
        if (read) {
          const literal = loneLiteral(s.slice(j + 1, end - 1))
          if (literal !== null) report(j, literal)
        }
        j = end
      } else {
        const valueStart = j
        while (j < s.length && !/[\s>]/.test(s[j] ?? '')) j++
        if (read) report(valueStart, s.slice(valueStart, j))
      }
    }
  }

  let i = 0
  let textStart = 0
  // Text inside <code> is code (a CSV column's name, a format), not words of a language.
  let inCode = false
  const flushText = (end: number) => {
    if (end > textStart && !inCode) report(textStart, s.slice(textStart, end))
  }
  while (i < s.length) {
    const c = s[i]
    if (c === '{') {
      flushText(i)
      i = expression(i)
      textStart = i
    } else if (s.startsWith('<!--', i)) {
      flushText(i)
      const end = s.indexOf('-->', i + 4)
      i = end === -1 ? s.length : end + 3
      textStart = i
    } else if (c === '<' && /[A-Za-z/!]/.test(s[i + 1] ?? '')) {
      flushText(i)
      if (/^<code[\s>]/i.test(s.slice(i, i + 6))) inCode = true
      else if (s.startsWith('</code>', i)) inCode = false
      i = tag(i + 1)
      textStart = i
    } else i++
  }
  flushText(s.length)
  return findings
}

const repo = fileURLToPath(new URL('../../', import.meta.url))

function svelteFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return path.endsWith('.svelte') ? [path] : []
  return readdirSync(path)
    .sort()
    .flatMap((name) => svelteFiles(join(path, name)))
}

describe('the scanner for hard-coded words', () => {
  it('finds a word in a text node, a read attribute, a prop, or a lone literal', () => {
    expect(hardCodedWords('<button type="submit">Save</button>')).toEqual([{ line: 1, text: 'Save' }])
    expect(hardCodedWords('<p>\n  <input placeholder="Search" />\n</p>')).toEqual([
      { line: 2, text: 'Search' },
    ])
    expect(hardCodedWords('<PageTitle text="Receipts" />')).toEqual([{ line: 1, text: 'Receipts' }])
    expect(hardCodedWords(`<Icon aria-label={'Close'} />`)).toEqual([{ line: 1, text: 'Close' }])
    expect(hardCodedWords(`<p>{"Nothing here"}</p>`)).toEqual([{ line: 1, text: 'Nothing here' }])
    expect(hardCodedWords(`<img alt="Photo {n}" src={url} />`)).toEqual([{ line: 1, text: 'Photo' }])
    expect(hardCodedWords("<p>{t('a')} or {t('b')}</p>")).toEqual([{ line: 1, text: 'or' }])
    expect(hardCodedWords("<p>{t('a')} <code>serialNumber</code> and</p>")).toEqual([
      { line: 1, text: 'and' },
    ])
  })

  it('passes words from the catalogue, values, symbols, scripts, styles and comments', () => {
    const clean = [
      '<button type="submit">{t(\'x\')}</button>',
      '<input placeholder={t(\'receipts.searchPlaceholder\')} class="grow wide" id="q" />',
      '<script lang="ts">\n  const a = \'Hello world\'\n</script>\n<p>{a}</p>\n<style>\n  p::after { content: "Words"; }\n</style>',
      '<!-- A comment in English -->\n<p>{name} ({count}) · × — ← 0x…</p>',
      "<button onclick={() => (a > b ? 'Yes' : \"No\")}>{plural('x', n)}</button>",
      // \u0024 is `$`: a template literal's placeholder inside the markup.
      "<p>{`\u0024{a} words`}</p><p>{x ? 'One' : 'Two'}</p>",
      '{#if open}<p>{t(`x.\u0024{status}`)}</p>{:else}<p>&nbsp;{y}</p>{/if}',
      '<code>WR-7Q2K-9XMD-P4TB</code>',
    ]
    for (const source of clean) expect(hardCodedWords(source), source).toEqual([])
  })

  it('reads any source in one pass (no runaway on unclosed braces, quotes or tags)', () => {
    const started = performance.now()
    for (const piece of ['{', '"', '<a title="', '{`${', "{'", '<!--', '<p>x'])
      hardCodedWords(piece.repeat(50_000))
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})

describe('no .svelte file under ROOTS writes a word outside the catalogue', () => {
  const files = ROOTS.flatMap((root) => svelteFiles(join(repo, root)))

  it('has pages and components to read', () => {
    expect(files.length).toBeGreaterThan(20)
  })

  it.each(files.map((file) => [relative(repo, file), file]))('%s', (_name, file) => {
    expect(hardCodedWords(readFileSync(file, 'utf8'))).toEqual([])
  })
})
