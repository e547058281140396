import { type Static, Type } from 'typebox'
import { DateTime, PageQuery, Uuid } from '../../http/schemas.js'

const FolderName = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'Unique per customer, compared case-insensitively',
})

export const FolderBody = Type.Object({ name: FolderName }, { additionalProperties: false })

export const FolderParams = Type.Object({ folderId: Uuid }, { additionalProperties: false })

export const FolderListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })

export const Folder = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    receiptCount: Type.Integer({ minimum: 0 }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { additionalProperties: false },
)

export const FolderDeleted = Type.Object(
  {
    id: Uuid,
    deleted: Type.Literal(true),
    unfiledReceipts: Type.Integer({ minimum: 0, description: 'Receipts that were in it, now in no folder' }),
  },
  { additionalProperties: false },
)

export type FolderView = Static<typeof Folder>
