import { Type } from 'typebox'
import { Nullable } from '../../http/schemas.js'

/** Base64 of up to ~3.7 MB of image: the interface's 5,000,000 characters. */
export const IMAGE_BASE64_MAX = 5_000_000

export const OcrBody = Type.Object(
  {
    imageBase64: Type.String({
      minLength: 4,
      maxLength: IMAGE_BASE64_MAX,
      // No `pattern`: a regular expression over 5,000,000 characters holds the event loop for
      // 30-60 ms; the service decodes the text and checks it is canonical base64 instead (400).
      description:
        'The image (JPEG, PNG, WebP, TIFF, GIF, AVIF) or PDF, standard base64 without a data: prefix',
    }),
  },
  { additionalProperties: false },
)

const Confidence = Type.Number({ minimum: 0, maximum: 1 })

export const OcrResponse = Type.Object(
  {
    merchant: Nullable(Type.String()),
    date: Nullable(Type.String({ format: 'date', description: 'the transaction date, ISO' })),
    total: Nullable(Type.Number({ description: 'the amount paid, after discounts, tax and tip' })),
    currency: Nullable(Type.String({ description: 'ISO 4217' })),
    items: Type.Array(
      Type.Object(
        {
          name: Type.String(),
          price: Type.Number({ description: 'the line amount; negative for a discount' }),
          quantity: Nullable(Type.Number()),
        },
        { additionalProperties: false },
      ),
    ),
    rawText: Type.String(),
    confidence: Type.Object(
      { merchant: Confidence, date: Confidence, total: Confidence, currency: Confidence, items: Confidence },
      { additionalProperties: false, description: 'how sure each field is, 0..1; low when it is a guess' },
    ),
  },
  { additionalProperties: false },
)
