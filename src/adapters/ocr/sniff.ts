// The sniffer is shared with the receipt image pipeline: it lives in src/lib.
export { DECODABLE, type SniffedType, sniffType } from '../../lib/image-sniff.js'
