import { InboxRefusal } from './inbox-refusal.js'

/**
 * The author of an inbound message, read strictly from the raw header section
 * (docs/inbound-mail.md#one-author): exactly one `From` header holding exactly one plain
 * address, optionally with a display name. Refused (550 5.6.0 / 400): a second `From` header, a
 * list, group syntax, comments, an address that is not a plain ASCII `local@host.domain`
 * (encoded words, quoted or obsolete forms, domain literals), bare CR or NUL in the headers.
 * Mail parsers disagree on exactly these forms (which of two From headers counts, whether a
 * decoded display name becomes an address), so none of them is left for a parser to guess.
 */
export function singleFromAddress(raw: Buffer): string {
  const headers = headerLines(raw)
  const froms = headers.filter((line) => fieldName(line) === 'from')
  if (froms.length !== 1) refuse(`found ${froms.length} From headers, exactly one is required`)
  const line = froms[0] as string
  return addressOf(line.slice(line.indexOf(':') + 1))
}

/** Stable refusal text: `From header: <why>`. */
function refuse(why: string): never {
  throw InboxRefusal.of('malformed', `From header: ${why}`)
}

/** The unfolded header lines, split as mailauth and mailparser split them. */
function headerLines(raw: Buffer): string[] {
  const text = raw.toString('latin1')
  const end = text.search(/\r?\n\r?\n/)
  const section = end < 0 ? text : text.slice(0, end)
  if (/\r(?!\n)|\0/.test(section)) refuse('the header section holds a bare CR or a NUL byte')
  const lines: string[] = []
  for (const row of section.split(/\r?\n/)) {
    if (/^[ \t]/.test(row) && lines.length > 0) lines[lines.length - 1] += row
    else lines.push(row)
  }
  return lines
}

function fieldName(line: string): string | null {
  const colon = line.indexOf(':')
  return colon < 0 ? null : line.slice(0, colon).trim().toLowerCase()
}

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
const LOCAL = new RegExp(`^${ATEXT}+(\\.${ATEXT}+)*$`)
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

function addressOf(value: string): string {
  // Outside quoted strings: no comment, list or group; at most one angle address at the end.
  let outside = ''
  let quoted = false
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else outside += ch
  }
  if (quoted) refuse('an unterminated quoted string')
  if (/[()]/.test(outside)) refuse('comments are not accepted')
  if (/[,]/.test(outside)) refuse('exactly one address is required')
  if (/[:;]/.test(outside)) refuse('group syntax is not accepted')
  const open = outside.indexOf('<')
  if (open < 0) return addrSpec(value.trim())
  if (outside.lastIndexOf('<') !== open || (outside.match(/>/g) ?? []).length !== 1)
    refuse('exactly one address is required')
  const close = outside.indexOf('>')
  if (close < open || outside.slice(close + 1).trim() !== '') refuse('text after the address')
  if (outside.slice(0, open).includes('@')) refuse('an unquoted @ in the display name')
  // The angle address is outside any quoted string, so it is the last `<…>` of the raw value.
  const start = value.lastIndexOf('<')
  return addrSpec(value.slice(start + 1, value.lastIndexOf('>')).trim())
}

function addrSpec(address: string): string {
  const at = address.lastIndexOf('@')
  const local = address.slice(0, at)
  const domain = address.slice(at + 1).toLowerCase()
  if (at <= 0 || !LOCAL.test(local) || local.includes('=?'))
    refuse('the address must be a plain local@domain (no encoded words, quotes or comments)')
  const labels = domain.split('.')
  if (domain.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l)))
    refuse('the address must be a plain local@domain with a host name')
  return `${local.toLowerCase()}@${domain}`
}
