import { BlockList, isIP, SocketAddress } from 'node:net'

/**
 * Whether an IP address is global unicast, by the IANA special-purpose address registries
 * (IPv4 and IPv6, RFC 6890 and later): anything not globally reachable is refused, and so is
 * everything outside 2000::/3 in IPv6. A v4 address carried inside v6 (IPv4-mapped `::ffff:0:0/96`,
 * IPv4-compatible `::/96`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) is judged as that v4 address.
 * Used where a request leaves the service for an address a tenant chose (webhooks: SSRF).
 */
export function isGlobalUnicast(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !V4_SPECIAL.check(address, 'ipv4')
  if (family !== 6) return false
  const bytes = v6Bytes(address)
  if (!bytes) return false
  const embedded = embeddedV4(bytes)
  if (embedded) return !V4_SPECIAL.check(embedded, 'ipv4')
  // Only 2000::/3 is allocated for global unicast.
  if (((bytes[0] ?? 0) & 0xe0) !== 0x20) return false
  return !V6_SPECIAL.check(address, 'ipv6')
}

/** IANA IPv4 Special-Purpose Address Registry: every block not globally reachable (and multicast). */
const V4_SPECIAL = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (incl. DS-Lite, NAT64 discovery)
  ['192.0.2.0', 24], // documentation TEST-NET-1
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation TEST-NET-2
  ['203.0.113.0', 24], // documentation TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
] as const)
  V4_SPECIAL.addSubnet(net, bits, 'ipv4')

/** IANA IPv6 Special-Purpose Address Registry, within 2000::/3. */
const V6_SPECIAL = new BlockList()
for (const [net, bits] of [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID, AMT, AS112…)
  ['2001:db8::', 32], // documentation
  ['2620:4f:8000::', 48], // direct delegation AS112
  ['3fff::', 20], // documentation (RFC 9637)
] as const)
  V6_SPECIAL.addSubnet(net, bits, 'ipv6')

function v6Bytes(address: string): Uint8Array | null {
  // SocketAddress normalises every textual form (zones, embedded dotted quads) or throws.
  let text: string
  try {
    text = new SocketAddress({ address: address.replace(/%.*$/, ''), family: 'ipv6' }).address
  } catch {
    return null
  }
  let groups: string[]
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/)
  if (dotted?.[1] && dotted[2]) {
    const v4 = dotted[2].split('.').map(Number)
    text = `${dotted[1]}${(((v4[0] ?? 0) << 8) | (v4[1] ?? 0)).toString(16)}:${(((v4[2] ?? 0) << 8) | (v4[3] ?? 0)).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const h = head ? head.split(':') : []
  const t = tail ? tail.split(':') : []
  if (tail === undefined) groups = h
  else groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t]
  if (groups.length !== 8) return null
  const bytes = new Uint8Array(16)
  groups.forEach((g, i) => {
    const n = Number.parseInt(g, 16)
    bytes[i * 2] = n >> 8
    bytes[i * 2 + 1] = n & 0xff
  })
  return bytes
}

const zero = (bytes: Uint8Array, from: number, to: number) => bytes.slice(from, to).every((b) => b === 0)
const quad = (bytes: Uint8Array, at: number) => Array.from(bytes.slice(at, at + 4)).join('.')

/** The v4 address inside a mapped, compatible, NAT64 (well-known prefix) or 6to4 address. */
function embeddedV4(bytes: Uint8Array): string | null {
  if (zero(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return quad(bytes, 12)
  if (zero(bytes, 0, 12)) return quad(bytes, 12)
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(bytes, 4, 12))
    return quad(bytes, 12)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(bytes, 2)
  return null
}
