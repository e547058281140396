import { Type } from 'typebox'
import { VISIBLE_IMPORT_STATES } from '../../db/schema/index.js'
import { DateTime, Literals, Nullable, PageQuery, Uuid } from '../../http/schemas.js'
import { IMPORT_COLUMNS } from './import-rows.js'
import { DATE_FORMATS } from './import-values.js'

/** The body of an upload: CSV text, documented (not validated as a value: it is streamed). */
export const ImportCsvBody = Type.Unsafe<unknown>({
  content: {
    'text/csv': {
      schema: {
        type: 'string',
        description:
          `A header line naming columns among ${IMPORT_COLUMNS.join(', ')} (serialNumber required), then ` +
          'one warranty per line with the fields and rules of one issue; an empty cell is an absent field. ' +
          'UTF-8, comma-separated (a header without commas may use semicolons or tabs), RFC 4180 quoting. ' +
          'Dates: yyyy-mm-dd, ISO 8601 date-times, dd.mm.yyyy, slash dates per dateFormat (or when unambiguous), ' +
          'Excel serial days; prices: a decimal point or comma, thousands separators, a currency mark of the ' +
          "merchant's currency (docs/bulk-issuance.md).",
      },
    },
  },
})

const States = Literals(VISIBLE_IMPORT_STATES, {
  description: 'PENDING, RUNNING (some lines processed), DONE (every line answered) or FAILED',
})

const importFields = {
  id: Uuid,
  state: States,
  lines: Type.Integer({
    minimum: 0,
    description: 'Data lines in the file (after the header, blank lines not counted)',
  }),
  processed: Type.Integer({ minimum: 0, description: 'Lines answered so far: created + failed' }),
  created: Type.Integer({ minimum: 0, description: 'Warranties issued' }),
  failed: Type.Integer({ minimum: 0, description: 'Lines that issued nothing (each in the error report)' }),
  bytes: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.String({ description: 'Why the import FAILED (or the last retried error)' })),
  createdBy: Nullable(Uuid),
  createdAt: DateTime,
  updatedAt: DateTime,
  finishedAt: Nullable(DateTime),
}

export const WarrantyImport = Type.Object(importFields, {
  title: 'WarrantyImport',
  additionalProperties: false,
})

export const ImportLineError = Type.Object(
  {
    line: Type.Integer({ minimum: 2, description: 'Line number in the file (the header is line 1)' }),
    error: Type.String({ description: 'The stable code the issue route would have answered for this line' }),
    message: Type.String(),
    details: Type.Optional(
      Type.Array(
        Type.Object(
          {
            path: Type.String({ description: 'The column, as a JSON pointer into the line: /serialNumber' }),
            message: Type.String(),
            reason: Type.Optional(
              Type.String({
                description:
                  'Why the import could not read the cell: date_invalid, date_ambiguous, number_invalid, ' +
                  'number_ambiguous or currency_mismatch',
              }),
            ),
          },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { title: 'ImportLineError', additionalProperties: false },
)

export const WarrantyImportWithErrors = Type.Object(
  {
    ...importFields,
    errors: Type.Object(
      {
        items: Type.Array(ImportLineError, { description: 'By line number' }),
        total: Type.Integer({ minimum: 0, description: 'Line errors of the import so far' }),
        nextCursor: Nullable(Type.String({ description: 'errorsCursor of the next page of errors' })),
      },
      { additionalProperties: false },
    ),
  },
  { title: 'WarrantyImportWithErrors', additionalProperties: false },
)

export const ImportQuery = Type.Object(
  {
    errorsLimit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        default: 100,
        description: 'Line errors per page, 1 to 1000',
      }),
    ),
    errorsCursor: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,10}$', description: 'errors.nextCursor of the previous page' }),
    ),
  },
  { additionalProperties: false },
)

export const ImportUploadQuery = Type.Object(
  {
    dateFormat: Type.Optional(
      Literals(DATE_FORMATS, {
        description:
          'How slash dates are read: DMY (31/12/2025) or MDY (12/31/2025). Without it a slash date is ' +
          'read only when it reads one way (a part over 12, or day = month), else the line is refused ' +
          '(date_ambiguous). Other date forms are unaffected.',
      }),
    ),
  },
  { additionalProperties: false },
)

export const ImportListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })
