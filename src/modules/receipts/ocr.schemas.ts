import { Type } from 'typebox'
import { IMAGE_BASE64_MAX, IMAGE_BASE64_MIN } from '../../adapters/ocr/index.js'
import { Nullable } from '../../http/schemas.js'

export { IMAGE_BASE64_MAX }

/**
 * The body, `{imageBase64}`: documented here, checked where it is read (an OCR worker's child
 * process, `openUpload` of the OCR adapter) with the adapter's limits, which this schema states.
 * No `pattern`: the text is decoded and checked to be canonical base64 instead (400).
 */
export const OcrBody = Type.Object(
  {
    imageBase64: Type.String({
      minLength: IMAGE_BASE64_MIN,
      maxLength: IMAGE_BASE64_MAX,
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
