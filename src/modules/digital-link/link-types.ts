/**
 * The link types the resolver answers, each a term of the GS1 Web Vocabulary
 * (https://ref.gs1.org/voc/, checked in test/digital-link/conformance.test.ts against the list
 * GS1's digital-link.js carries). Linksets name them by their full IRI under https://gs1.org/voc/,
 * as GS1's own resolvers write them; `linkType=` takes either form (docs/digital-link.md).
 */
export const GS1_VOC = 'https://gs1.org/voc/'

export const LINK_TYPES = {
  /** The page a scan opens: the certificate's page for a covered item, the product's otherwise. */
  defaultLink: 'gs1:defaultLink',
  /** Information about the product (here: the public check page for the GTIN). */
  pip: 'gs1:pip',
  /** The warranty certificate: its public verification page and JSON answer. */
  certificationInfo: 'gs1:certificationInfo',
  /** Where the buyer registers the item (registration by the buyer, when its merchant allows it). */
  registerProduct: 'gs1:registerProduct',
} as const

export type LinkType = (typeof LINK_TYPES)[keyof typeof LINK_TYPES]

/** The linkset key (full IRI) of a `gs1:` link type. */
export function linkTypeIri(type: LinkType): string {
  return `${GS1_VOC}${type.slice('gs1:'.length)}`
}

/**
 * The `gs1:` form of a requested link type (`gs1:pip`, `https://gs1.org/voc/pip` or
 * `https://ref.gs1.org/voc/pip`), or null for anything else.
 */
export function requestedLinkType(value: string): string | null {
  const match = /^(?:gs1:|https?:\/\/(?:ref\.)?gs1\.org\/voc\/)([A-Za-z]+)$/.exec(value)
  return match ? `gs1:${match[1]}` : null
}
