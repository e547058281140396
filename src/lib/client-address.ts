import { isIPv4, isIPv6 } from 'node:net'

/**
 * The key a client address is counted under by the rate limits: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4), an IPv6 address by its /64, the smallest prefix a site
 * is given (a client rotating through the 2^64 addresses of its own network is one client).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1]
  if (!isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.split('%')[0]?.split('::') ?? []
  const left = head ? head.split(':') : []
  const right = ip.includes('::') && tail ? tail.split(':') : []
  // An embedded IPv4 tail (a:b::1.2.3.4) sits in the low 64 bits: it never reaches the prefix.
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left
  const prefix = groups.slice(0, 4).map((g) => Number.parseInt(g || '0', 16).toString(16))
  return `${prefix.join(':')}::/64`
}
