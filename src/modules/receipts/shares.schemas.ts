import { type Static, Type } from 'typebox'
import { DateTime, Email, Nullable, PageQuery, Uuid } from '../../http/schemas.js'
import { OcrData } from './receipts.schemas.js'

export const ShareBody = Type.Object({ toEmail: Email }, { additionalProperties: false })

export const ShareIdParams = Type.Object({ shareId: Uuid }, { additionalProperties: false })

export const ShareListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })

/** The link's token as e-mailed: base64url, 43 characters (256 random bits). */
export const ShareTokenParams = Type.Object(
  { token: Type.String({ minLength: 16, maxLength: 200 }) },
  { additionalProperties: false },
)

export const Share = Type.Object(
  {
    id: Uuid,
    receiptId: Uuid,
    toEmail: Nullable(
      Type.String({ description: 'Who it was e-mailed to, lower-cased; null for a link made to copy' }),
    ),
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('EXPIRED'), Type.Literal('REVOKED')]),
    expiresAt: DateTime,
    revokedAt: Nullable(DateTime),
    createdAt: DateTime,
  },
  { additionalProperties: false },
)

/** A link made to copy: the share and its address, shown once (only a hash of it is kept). */
export const ShareLink = Type.Object(
  {
    ...Share.properties,
    url: Type.String({ description: 'The link; only its hash is stored, so it cannot be shown again' }),
  },
  { additionalProperties: false },
)

/** What anyone holding the link sees: the image and the extracted data, nothing of the owner. */
export const SharePreview = Type.Object(
  {
    receipt: Type.Object(
      {
        ocrData: Nullable(OcrData),
        contentType: Type.String(),
        byteSize: Type.Integer(),
        width: Nullable(Type.Integer()),
        height: Nullable(Type.Integer()),
        imageUrl: Type.String({ description: 'The image, public while the link works' }),
        createdAt: DateTime,
      },
      { additionalProperties: false },
    ),
    expiresAt: DateTime,
  },
  { additionalProperties: false },
)

export type ShareView = Static<typeof Share>
export type ShareLinkView = Static<typeof ShareLink>
export type SharePreviewView = Static<typeof SharePreview>
