/**
 * A small RFC 5545 writer: just what the calendar feed needs (VCALENDAR, VEVENT, VALARM), with
 * the format's rules: CRLF line ends, lines folded at 75 octets (never inside a UTF-8
 * character), TEXT values escaped (`\\`, `;`, `,`, line breaks).
 */

export interface IcsEvent {
  uid: string
  /** All-day event on this date (UTC). */
  date: Date
  summary: string
  description: string
  url: string
  /** Last change of what the event says (DTSTAMP, LAST-MODIFIED). */
  stamp: Date
  /** Alarm this many days before the event's start. */
  alarmDaysBefore: number
}

export interface IcsCalendar {
  name: string
  events: IcsEvent[]
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** Folds one content line: at most 75 octets per line, continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** 20270314T092653Z */
const dateTime = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
/** 20270314 */
const dateOnly = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '')
const nextDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1))

function eventLines(event: IcsEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${dateTime(event.stamp)}`,
    `LAST-MODIFIED:${dateTime(event.stamp)}`,
    `DTSTART;VALUE=DATE:${dateOnly(event.date)}`,
    `DTEND;VALUE=DATE:${dateOnly(nextDay(event.date))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL;VALUE=URI:${event.url}`,
    'TRANSP:TRANSPARENT',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(event.summary)}`,
    `TRIGGER;RELATED=START:-P${event.alarmDaysBefore}D`,
    'END:VALARM',
    'END:VEVENT',
  ]
}

export function renderIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Warranty Service//Warranty expiries//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
    'X-PUBLISHED-TTL:PT12H',
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
