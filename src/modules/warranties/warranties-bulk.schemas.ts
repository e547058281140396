import { Type } from 'typebox'
import { IssueBody, WarrantyWithNotification } from './warranties.schemas.js'
import { BULK_MAX_ITEMS } from './warranty-bulk.js'

const items = { minItems: 1, maxItems: BULK_MAX_ITEMS }

/** What the bulk route documents: up to 1,000 issue bodies. */
export const BulkIssueBody = Type.Object(
  {
    items: Type.Array(IssueBody, {
      ...items,
      description: `1 to ${BULK_MAX_ITEMS} warranties, each with the fields and rules of one issue`,
    }),
  },
  { additionalProperties: false },
)

/**
 * What the bulk route checks before the service: the envelope only. Each item is checked
 * against the issue body by the service, so that one bad item fails alone.
 */
export const BulkIssueEnvelope = Type.Object(
  { items: Type.Array(Type.Unknown(), items) },
  { additionalProperties: false },
)

export const BulkIssueItem = Type.Object(
  {
    index: Type.Integer({ minimum: 0, description: "The item's position in the request" }),
    status: Type.Union([Type.Literal('created'), Type.Literal('failed')]),
    warranty: Type.Optional(WarrantyWithNotification),
    error: Type.Optional(
      Type.Ref('ErrorBody', {
        description:
          'The error this item alone would have had from the issue route; paths under /body/items/{index}',
      }),
    ),
  },
  { title: 'BulkIssueItem', additionalProperties: false },
)

export const BulkIssueResponse = Type.Object(
  {
    created: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
    items: Type.Array(BulkIssueItem, { description: 'One answer per item, in the order of the request' }),
  },
  { title: 'BulkIssueResponse', additionalProperties: false },
)
