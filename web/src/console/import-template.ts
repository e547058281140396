// The CSV import's template (docs/bulk-issuance.md, "The file"): the exact header the import
// reads and one example line with one of the merchant's real products. Plain (no window or
// fetch): unit-tested in test/web.

/** The template's columns, in its order (any subset of the fields is accepted). */
export const TEMPLATE_COLUMNS = [
  'serialNumber',
  'merchantProductId',
  'customerEmail',
  'customerName',
  'purchaseDate',
  'purchasePrice',
  'invoiceNumber',
] as const

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/**
 * The template file: the header and one example line naming `product` (its id, its price), a
 * purchase date of `today` as yyyy-mm-dd (the form every spreadsheet can export). Without a
 * product the example line names none (the import then issues warranties without a product).
 */
export function templateCsv(
  product: { id: string; price: number | null } | null,
  today: Date = new Date(),
): string {
  const example: Record<(typeof TEMPLATE_COLUMNS)[number], string> = {
    serialNumber: 'SN-0001',
    merchantProductId: product?.id ?? '',
    customerEmail: 'customer@example.com',
    customerName: 'Alex Example',
    purchaseDate: today.toISOString().slice(0, 10),
    purchasePrice: (product?.price ?? 49.9).toFixed(2),
    invoiceNumber: 'INV-0001',
  }
  const header = TEMPLATE_COLUMNS.join(',')
  const line = TEMPLATE_COLUMNS.map((c) => csvCell(example[c])).join(',')
  return `${header}\r\n${line}\r\n`
}

/** A line error's column (`/purchaseDate` → `purchaseDate`), or null for the line as a whole. */
export function columnOf(path: string | undefined): string | null {
  const column = path?.replace(/^\//, '') ?? ''
  return column === '' || column === 'body' ? null : column
}
