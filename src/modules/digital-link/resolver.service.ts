import type { RateLimiter } from '../../adapters/rate-limit/index.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { clientKey } from '../../lib/client-address.js'
import { assertGs1Serial, digitalLinkUri, gtin14 } from './digital-link.js'
import { prepareResolveItem } from './digital-link.repository.js'
import { GS1_VOC, LINK_TYPES, type LinkType, linkTypeIri, requestedLinkType } from './link-types.js'

/** One target of a linkset (RFC 9264 § 4.2.3): nothing personal, ever. */
export interface LinkTarget {
  href: string
  title: string
  type: string
  hreflang?: string[]
}

/** The resolver's view of an item: the URI its links are about, and its links by type. */
export interface ItemLinks {
  /** The Digital Link the links are about: the item's, or the product's when the serial is unknown. */
  anchor: string
  links: Partial<Record<LinkType, LinkTarget[]>>
}

/** An RFC 9264 linkset (application/linkset+json) of one anchor, with GS1 link types as relations. */
export type Linkset = { linkset: [{ anchor: string } & Record<string, string | LinkTarget[]>] }

/** What the resolver answers: a redirect (307) or the linkset. */
export type Resolution =
  | { kind: 'redirect'; location: string; linkHeader: string }
  | { kind: 'linkset'; linkset: Linkset; linkHeader: string }

/**
 * Whether the item (or, without a serial, the product) with this GTIN-14 may be registered by its
 * buyer: the registrations feature answers (passed in by the composition).
 */
export type RegistrationLookup = (gtin14: string, serial: string | undefined) => Promise<boolean>

export interface ResolveInput {
  gtin: string
  serial?: string
  linkType?: string
  accept?: string
  address: string
}

/** True when the Accept header asks for the linkset (application/linkset+json, q > 0). */
function wantsLinkset(accept: string | undefined): boolean {
  if (!accept) return false
  return accept.split(',').some((part) => {
    const [media, ...params] = part.trim().split(';')
    if (media?.trim().toLowerCase() !== 'application/linkset+json') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/**
 * The GS1-conformant resolver of the service's items (docs/digital-link.md): a GTIN, or a GTIN
 * and a serial, to the links of the item, as a redirect or a linkset.
 */
export class ResolverService {
  constructor(
    private readonly deps: {
      db: Db
      limiter: RateLimiter
      publicApiUrl: string
      appUrl: string
      registration?: RegistrationLookup
    },
  ) {
    this.resolveItem = prepareResolveItem(deps.db)
  }

  private readonly resolveItem: ReturnType<typeof prepareResolveItem>

  /** The Digital Link (our resolver's URI) of a product or an item. */
  uri(gtin: string, serial?: string): string {
    return digitalLinkUri(this.deps.publicApiUrl, gtin, serial)
  }

  /** The resolver description file (`/.well-known/gs1resolver`): what this resolver answers. */
  description() {
    return {
      name: 'Warranty service',
      resolverRoot: this.deps.publicApiUrl.replace(/\/+$/, ''),
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
    }
  }

  /** Counts a public request of `address` against the public verification limit. */
  async limit(kind: string, address: string): Promise<void> {
    const { limiter } = this.deps
    const limit = await limiter.hit(`${kind}:${clientKey(address)}`, limiter.limits.verifyPerAddress)
    if (!limit.allowed) throw new AppError('too_many_requests', undefined, undefined, limit.retryAfterSeconds)
  }

  /**
   * The links of the product with this GTIN, and of the item when `serial` names one with a
   * warranty; 400 `invalid_gtin`, 404 for a GTIN no product of the service has.
   */
  async links(rawGtin: string, serial?: string): Promise<ItemLinks> {
    const gtin = gtin14(rawGtin)
    if (serial !== undefined) assertGs1Serial(serial)
    // The product and the item in one statement, registration's read beside it: one round trip.
    const { registration } = this.deps
    const [item, registrable] = await Promise.all([
      this.resolveItem(gtin, serial ?? null),
      registration ? registration(gtin, serial) : false,
    ])
    const product = item.title === null ? null : { title: item.title }
    const warranty = item.warrantyCode === null ? null : { warrantyCode: item.warrantyCode }
    if (!product) throw new AppError('not_found', 'No product of this service has this GTIN')
    const app = this.deps.appUrl.replace(/\/+$/, '')
    const productPage: LinkTarget = {
      href: `${app}/verify?gtin=${gtin}`,
      title: product.title,
      type: 'text/html',
      hreflang: ['en'],
    }
    if (!warranty || serial === undefined) {
      if (registrable) return this.registrationLinks(gtin, serial, productPage)
      // An unknown serial of a known GTIN: the less specific key's links (docs/digital-link.md).
      return {
        anchor: this.uri(gtin),
        links: { [LINK_TYPES.defaultLink]: [productPage], [LINK_TYPES.pip]: [productPage] },
      }
    }
    const query = `?serialNumber=${encodeURIComponent(serial)}`
    const api = this.deps.publicApiUrl.replace(/\/+$/, '')
    const certificatePage: LinkTarget = {
      href: `${app}/verify/${warranty.warrantyCode}${query}`,
      title: 'Warranty certificate',
      type: 'text/html',
      hreflang: ['en'],
    }
    return {
      anchor: this.uri(gtin, serial),
      links: {
        [LINK_TYPES.defaultLink]: [certificatePage],
        [LINK_TYPES.certificationInfo]: [
          certificatePage,
          {
            href: `${api}/v1/global/warranties/${warranty.warrantyCode}/verify${query}`,
            title: 'Warranty certificate verification (JSON)',
            type: 'application/json',
          },
        ],
        [LINK_TYPES.pip]: [productPage],
      },
    }
  }

  /**
   * The links of an item (or a product) its buyer may register: the web app's registration page
   * is the default link of an item, and the `gs1:registerProduct` link of both.
   */
  private registrationLinks(gtin: string, serial: string | undefined, productPage: LinkTarget): ItemLinks {
    const app = this.deps.appUrl.replace(/\/+$/, '')
    const query = serial === undefined ? '' : `&serial=${encodeURIComponent(serial)}`
    const register: LinkTarget = {
      href: `${app}/register?gtin=${gtin}${query}`,
      title: 'Register this product',
      type: 'text/html',
      hreflang: ['en'],
    }
    return {
      anchor: this.uri(gtin, serial),
      links: {
        [LINK_TYPES.defaultLink]: [serial === undefined ? productPage : register],
        [LINK_TYPES.registerProduct]: [register],
        [LINK_TYPES.pip]: [productPage],
      },
    }
  }

  /** Answers a Digital Link request: the linkset, the link of a type, or the default link. */
  async resolve(input: ResolveInput): Promise<Resolution> {
    await this.limit('resolve', input.address)
    const item = await this.links(input.gtin, input.serial)
    const requested = this.uri(gtin14(input.gtin), input.serial)
    const linkHeader = linkHeaderOf(requested, item)
    const { linkType } = input
    if (
      linkType === 'all' ||
      linkType === 'linkset' ||
      (linkType === undefined && wantsLinkset(input.accept))
    ) {
      return { kind: 'linkset', linkset: linksetOf(item), linkHeader }
    }
    const type = linkType === undefined ? LINK_TYPES.defaultLink : requestedLinkType(linkType)
    const target = type === null ? undefined : item.links[type as LinkType]?.[0]
    if (!target) throw new AppError('not_found', 'The item has no link of this type')
    return { kind: 'redirect', location: target.href, linkHeader }
  }
}

/** The item's links as an RFC 9264 linkset: one context object, relations by full IRI. */
export function linksetOf(item: ItemLinks): Linkset {
  const context: { anchor: string } & Record<string, string | LinkTarget[]> = { anchor: item.anchor }
  for (const [type, targets] of Object.entries(item.links) as [LinkType, LinkTarget[]][]) {
    context[linkTypeIri(type)] = targets
  }
  return { linkset: [context] }
}

/**
 * The Link header of every answer (RFC 8288): the linkset of the requested URI, then each
 * link with its type as the relation (titles stay in the linkset: a header carries ASCII only).
 */
function linkHeaderOf(requested: string, item: ItemLinks): string {
  const links = [`<${requested}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`]
  for (const [type, targets] of Object.entries(item.links) as [LinkType, LinkTarget[]][]) {
    for (const target of targets) {
      links.push(
        `<${target.href}>; rel="${linkTypeIri(type)}"; type="${target.type}"; anchor="${item.anchor}"`,
      )
    }
  }
  return links.join(', ')
}
