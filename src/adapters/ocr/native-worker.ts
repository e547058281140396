/**
 * A child process of the native OCR pool (native-pool.ts): loads tesseract's model once through
 * libtesseract, then reads the images its parent sends, one at a time. Run by `fork`, never
 * imported. Its argument is the model folder, then the tesseract parameters as JSON.
 */
import { LibTesseract } from './libtesseract.js'

export interface NativeRequest {
  id: number
  image: Uint8Array
}

export type NativeReply =
  | { id: number; text: string; lines: { text: string; confidence: number }[]; confidence: number }
  | { id: number; error: string }
  | { ready: true }

const send = (reply: NativeReply) => process.send?.(reply)
const [datapath = '', parameters = '{}'] = process.argv.slice(2)
const engine = new LibTesseract(datapath, JSON.parse(parameters) as Record<string, string>)
process.on('message', (request: NativeRequest) => {
  try {
    send({ id: request.id, ...engine.read(request.image) })
  } catch (error) {
    send({ id: request.id, error: (error as Error).message })
  }
})
// The parent going away (even killed) closes the channel: nothing is left running.
process.on('disconnect', () => process.exit(0))
send({ ready: true })
