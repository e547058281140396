import { Type } from 'typebox'
import { Literals } from '../../http/schemas.js'
import { QR_FORMATS } from './qr-codes.js'

/** The most serials one label sheet prints (a production run is printed in several sheets). */
export const MAX_LABELS = 120

const Gtin = Type.String({
  minLength: 1,
  maxLength: 20,
  description: 'A GTIN-8, -12, -13 or -14 with its check digit (400 `invalid_gtin` otherwise)',
})
const Serial = Type.String({
  minLength: 1,
  maxLength: 60,
  description: "The serial number (AI 21): 1 to 20 of A-Z a-z 0-9 !%&'()*+,-./:;<=>?_",
})

export const ProductParams = Type.Object({ gtin: Gtin }, { additionalProperties: false })
export const ItemParams = Type.Object({ gtin: Gtin, serial: Serial }, { additionalProperties: false })

/** GS1 Digital Link's query: `linkType`; other attributes a printed URI may carry are ignored. */
export const ResolveQuery = Type.Object(
  {
    linkType: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          '`linkset` (or `all`): the linkset; a GS1 link type (`gs1:pip` or its IRI): a redirect to that link, 404 when the item has none',
      }),
    ),
  },
  { additionalProperties: true },
)

const Target = Type.Object(
  {
    href: Type.String({ format: 'uri' }),
    title: Type.String(),
    type: Type.String(),
    hreflang: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
)

/** RFC 9264's JSON linkset: one link context object, its relations (GS1 link type IRIs) as keys. */
export const Linkset = Type.Object(
  {
    linkset: Type.Array(
      Type.Object({ anchor: Type.String({ format: 'uri' }) }, { additionalProperties: Type.Array(Target) }),
      { minItems: 1, maxItems: 1 },
    ),
  },
  { additionalProperties: false },
)

export const QrQuery = Type.Object(
  {
    gtin: Gtin,
    serial: Type.Optional(Serial),
    format: Type.Optional(Literals(QR_FORMATS, { default: 'svg', description: 'svg (default) or png' })),
    size: Type.Optional(
      Type.Integer({
        minimum: 64,
        maximum: 2048,
        default: 512,
        description: 'PNG width in pixels, 64 to 2048',
      }),
    ),
  },
  { additionalProperties: false },
)

export const LabelsBody = Type.Object(
  {
    serials: Type.Array(Serial, {
      minItems: 1,
      maxItems: MAX_LABELS,
      uniqueItems: true,
      description: `1 to ${MAX_LABELS} serial numbers, one label each`,
    }),
  },
  { additionalProperties: false },
)

/** The resolver description file (GS1-Conformant Resolver standard, `/.well-known/gs1resolver`). */
export const ResolverDescription = Type.Object(
  {
    name: Type.String(),
    resolverRoot: Type.String({ format: 'uri' }),
    supportedPrimaryKeys: Type.Array(Type.String()),
    supportedLinkType: Type.Array(
      Type.Object(
        { namespace: Type.String({ format: 'uri' }), prefix: Type.String() },
        { additionalProperties: false },
      ),
    ),
    linkTypeDefaultCanBeLinkset: Type.Boolean(),
  },
  { additionalProperties: false },
)

/** A redirect's answer, for the API description. */
export const redirectResponse = (description: string) => ({
  description,
  type: 'null',
  headers: {
    location: { type: 'string', description: 'The link' },
    link: { type: 'string', description: 'The linkset of the URI (rel="linkset") and each link (RFC 8288)' },
  },
})
