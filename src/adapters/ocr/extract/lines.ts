/** Line-level cues of receipts: what a line's label says it is, in several languages. */

/** Lowercase, accents off, and the digits OCR puts in words (T0TAL, SUBT0TAL) back to letters. */
export function labelKey(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(?<=[a-z])0|0(?=[a-z])/g, 'o')
    .replace(/(?<=[a-z])1|1(?=[a-z]{2})/g, 'l')
    .replace(/(?<=[a-z])5(?=[a-z])/g, 's')
}

export const SUBTOTAL =
  /\bsub\s?-?\s?total|\bsubtot|zwischensumme|zwischentotal|sous[- ]?total|subtotaal|\bnet(to)?\s?(total|amount|betrag)|total\s(excl|before\s(tax|tip)|ex\b|ht\b|netto)|\bimponible|\bbase\b|\bnettobetrag|\bnet\b\s*$/

export const TOTAL =
  /\btotal|\bsumme\b|\bsumma\b|\bgesamt|\btotaal|\btotalt|\btotale|\bmontant|\bimporte|\bamount\s(due|paid|payable|charged)|\bbalance\s(due|paid)|\bto\spay\b|a\spayer|zu\szahlen|te\sbetalen|att\sbetala|\bpaid\b|\bbetrag\b|\bnet\sa\spayer|\bsum\b|\bbelopp\b|\bdue\b|endsumme|endbetrag|rechnungsbetrag|da\spagare|\ba\spagar\b|^\W*balance\W*$/

/** Stronger names of the amount paid: preferred when several totals disagree. */
export const PAID =
  /grand\s?total|amount\spaid|total\spaid|total\sdue|amount\sdue|balance\sdue|to\spay|a\spayer|zu\szahlen|te\sbetalen|att\sbetala|total\sttc|montant\sttc|gesamtbetrag|endbetrag|endsumme|total\scharged|da\spagare|\ba\spagar\b|\bpaid\b/

/** Totals that are not the amount paid. */
export const NOT_TOTAL =
  /sav(ed|ings?)|you\ssaved|\bitems?\b|\bqty\b|\bquantity|\bartikel|\bpoints|\bunits|total\s(tax|vat|gst|discount|rabatt)|(tax|vat|mwst|tva|iva|btw|moms|gst)\s?total|excl|\bincl|\binkl|\bchange\b|before\stip|\btip\b|\bgratuity|\bpre-?tip/

export const TAX =
  /\btax\b|\bvat\b|\bmwst\b|\bust\b|\btva\b|\biva\b|\bbtw\b|\bmoms\b|\bgst\b|\bhst\b|\bpst\b|\bqst\b|\bcgst|\bsgst|\bsales\stax|\bsteuer/

export const TIP =
  /\btip\b|\bgratuity|\bservice\s(charge|fee)|\btrinkgeld|\bpourboire|\bpropina|\bmancia|\bfooi|\bdricks/

export const PAYMENT =
  /\bcash\b|\bchange\b|\btendered|\bcard\b|\bvisa\b|master\s?card|\bamex\b|\bdebit|\bcredit|\bpaid\sby|\bpayment|\bauth|\bapproval|\bcontactless|\bbar\b|\bgegeben|ruckgeld|wechselgeld|\bespeces|\brendu|\bmonnaie|\befectivo|\bcambio|\bcontanti|\bresto\b|\bcontant|wisselgeld|\bkontant|\bvaxel|\bec-?karte|\bgirocard|\bpin\b|\bcb\b|\bchip\b|\brounding|\bgift\scard|\bbalance\b(?!\sdue)/

export const DISCOUNT =
  /discount|\brabatt|\bremise|\breduction|\bdescuento|\bsconto|\bkorting|\bcoupon|\bpromo|\boff\b|\bmember\s(price|saving|discount)|\bvoucher|\bsavings?\b|\bnachlass|\baktion|\bspecial\b|%\s?off/

export const DATE_LABEL =
  /\bdate\b|\bdated\b|\bdatum\b|\bfecha\b|\bdata\b|\bdatum\b|\bissued|\btransaction|\bsale\b|\bpurchase|\binvoice\sdate|\bdate\sde\b/

export const NOT_DATE_LABEL =
  /\bdue\b|valid|until|\bexpir|\bexp\b|return(s)?\s(by|until|within)|best\sbefore|\bfallig|\becheance|vencimiento|scadenza|gultig|\bbis\b|\bpay\sby|\bdelivery|\bship|\bperiod|\bfrom\b|\bto\b\s*\d|\bbirth/

export const BILL_TO =
  /\b(bill(ed)?|invoice|sold|ship(ped)?|deliver(ed)?)\sto\b|\bcustomer\b|\bclient\b|\brechnungsempfanger|\bfacture\sa\b|\bfacturar\sa\b|\bkunde\b/

export const HEADER_NOISE =
  /\b(tel|phone|fax|www|http|e-?mail|vat\s?(no|number|reg)|ust-?id|siret|abn|gst\s?(no|reg)|store\s?#?\d|cashier|operator|till|lane|register|trans(action)?\s?#|receipt\s?#?|invoice\s?(no|#|number)|order\s?#|table|server|guests?|kasse|bon\b|beleg|caisse|ticket|welcome|thank)/

/** Column headings of an item table. */
export const COLUMN_HEADER =
  /\b(description|item|article|artikel|qty|quantity|unit\sprice|price|amount|menge|preis|betrag|designation|prix|cant|precio)\b/

/** A number, spaces and a word: where a street address starts (`12 Main`). */
const HOUSE_NUMBER = /\d\s+\p{L}/u
/** A street word after at least one character (the street's name). */
const STREET =
  /.\b(st|street|rd|road|ave|avenue|blvd|lane|ln|dr|drive|way|strasse|str|straße|weg|platz|rue|avenue|calle|via|laan|gatan|vagen|high\sst)\b/iu
const POSTCODE =
  /\b\d{4,5}\s+\p{L}{3,}|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|\b[A-Z]{2}\s\d{5}\b|\b(suite|unit|floor)\b/iu

/**
 * A line of an address: a house number, a name and a street word (`12 Main St`), a postcode and
 * a town, a UK postcode, a US state and ZIP, a suite. Once one pattern
 * (`\d+\s+\p{L}+.*\b(st|…)\b`), whose `\d+` and `.*` were retried from every digit: quadratic
 * on a long line; now the street word is looked for once, after the first house number.
 */
export function isAddress(line: string): boolean {
  const house = HOUSE_NUMBER.exec(line)
  if (house && STREET.test(line.slice(house.index + house[0].length - 1))) return true
  return POSTCODE.test(line)
}

/** Characters that are neither letters nor digits (nor `keep`) cut off both ends, in linear time. */
export function trimNonWord(s: string, keep: RegExp): string {
  const word = /[\p{L}\d]/u
  let start = 0
  while (start < s.length && !word.test(s[start]!)) start++
  let end = s.length
  while (end > start && !word.test(s[end - 1]!) && !keep.test(s[end - 1]!)) end--
  return s.slice(start, end)
}

/** Index of the last digit (`/\d(?!.*\d)/` restarted its look-ahead at every digit: quadratic). */
export function lastDigit(s: string): number {
  for (let i = s.length - 1; i >= 0; i--) if (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) return i
  return -1
}
