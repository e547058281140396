import { type Static, Type } from 'typebox'
import { DateTime, Nullable, Page, PageQuery, Uuid } from '../../http/schemas.js'

export const AuditQuery = Type.Object(
  {
    ...PageQuery,
    targetType: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'e.g. `merchant`, `merchant_user`, `global_product`',
      }),
    ),
    targetId: Type.Optional(Uuid),
    action: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'e.g. `merchant.update` (exact match)' }),
    ),
  },
  { additionalProperties: false },
)
export type AuditQueryInput = Static<typeof AuditQuery>

const Snapshot = Type.Unknown({
  description: 'The resource as the API showed it (null when there was none); never holds secrets',
})

export const AuditRecord = Type.Object(
  {
    id: Uuid,
    actorId: Nullable(Uuid),
    actorEmail: Nullable(Type.String()),
    action: Type.String({ description: '`<resource>.<verb>`, e.g. `merchant.update`' }),
    targetType: Type.String(),
    targetId: Nullable(Uuid),
    before: Snapshot,
    after: Snapshot,
    requestId: Nullable(Type.String({ description: 'The x-request-id of the change' })),
    createdAt: DateTime,
  },
  { title: 'AuditRecord', additionalProperties: false },
)

export type AuditRecordView = Static<typeof AuditRecord>
export const AuditPage = Page(AuditRecord)
