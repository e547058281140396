/**
 * The test SMTP sink (test/support/smtp-sink.ts) in a process of its own, for benchmarks: the
 * sink parses every message before answering 250, work a real relay does elsewhere, not in
 * the sender's process. Prints `SINK <url>` once listening; over IPC it answers
 * `{type: 'count'}` with `{count, unique}` (messages, distinct Message-IDs) and `{type: 'clear'}`.
 */
import { startSmtpSink } from '../test/support/smtp-sink.js'

const sink = await startSmtpSink()
process.stdout.write(`SINK ${sink.url}\n`)
process.on('message', (m: { type: string }) => {
  if (m.type === 'clear') sink.clear()
  const ids = new Set(sink.messages.map((msg) => msg.messageId))
  // Parsed messages are kept by the sink; only their count matters here.
  for (const msg of sink.messages) Object.assign(msg, { raw: Buffer.alloc(0), html: '', textAsHtml: '' })
  process.send?.({ type: m.type, count: sink.messages.length, unique: ids.size })
})
process.on('disconnect', () => {
  void sink.close().then(() => process.exit(0))
})
