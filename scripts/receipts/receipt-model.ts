/**
 * Synthetic receipts: what each one says (its truth) and the lines it prints. Pure and
 * seeded, so the committed truth files can be checked against a fresh run.
 */

export interface TruthItem {
  name: string
  price: number
  quantity: number | null
}

export interface Truth {
  id: string
  split: 'dev' | 'holdout'
  layout: '58mm' | '80mm' | 'a4'
  locale: string
  font: string
  merchant: string
  date: string
  total: number
  currency: string
  items: TruthItem[]
  features: string[]
}

/** A printed line: left text, optional right-aligned text, style. */
export interface PrintLine {
  left: string
  right?: string
  align?: 'left' | 'center' | 'right'
  bold?: boolean
  size?: number
}

export interface Receipt {
  truth: Truth
  lines: PrintLine[]
}

export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Rand = () => number
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))

interface Locale {
  id: string
  currency: string
  decimal: ',' | '.'
  symbolBefore: string
  symbolAfter: string
  /** Prints the date: d, m, y numbers. */
  date: (d: number, m: number, y: number, r: Rand) => string
  words: {
    subtotal: string
    tax: string
    taxIncluded: boolean
    total: string[]
    cash: string
    card: string
    change: string
    tip: string
    discount: string[]
    dateLabel: string
    returnBy: string
    thanks: string
  }
  taxRate: number
  address: (r: Rand) => string[]
}

const p2 = (n: number) => String(n).padStart(2, '0')
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const STREETS = ['Main', 'Oak', 'Market', 'High', 'Station', 'Church', 'Mill', 'King', 'Park', 'Bridge']

const LOCALES: Locale[] = [
  {
    id: 'en-US',
    currency: 'USD',
    decimal: '.',
    symbolBefore: '$',
    symbolAfter: '',
    date: (d, m, y, r) =>
      pick(r, [
        `${p2(m)}/${p2(d)}/${y}`,
        `${p2(m)}/${p2(d)}/${String(y).slice(2)}`,
        `${MONTHS[m - 1]} ${d}, ${y}`,
      ]),
    words: {
      subtotal: 'Subtotal',
      tax: 'Sales Tax 8.25%',
      taxIncluded: false,
      total: ['TOTAL', 'Total', 'AMOUNT DUE'],
      cash: 'Cash',
      card: 'VISA',
      change: 'Change',
      tip: 'Tip',
      discount: ['Coupon', 'Member Savings', 'Promo 10% off'],
      dateLabel: 'Date:',
      returnBy: 'Returns accepted until',
      thanks: 'Thank you for shopping!',
    },
    taxRate: 0.0825,
    address: (r) => [
      `${int(r, 10, 9999)} ${pick(r, STREETS)} St`,
      `${pick(r, ['Austin, TX', 'Denver, CO', 'Columbus, OH', 'Portland, OR'])} ${int(r, 10000, 99999)}`,
      `(${int(r, 200, 989)}) ${int(r, 200, 989)}-${int(r, 1000, 9999)}`,
    ],
  },
  {
    id: 'en-GB',
    currency: 'GBP',
    decimal: '.',
    symbolBefore: '£',
    symbolAfter: '',
    date: (d, m, y, r) =>
      pick(r, [
        `${p2(d)}/${p2(m)}/${y}`,
        `${p2(d)}/${p2(m)}/${String(y).slice(2)}`,
        `${d} ${MONTHS[m - 1]} ${y}`,
      ]),
    words: {
      subtotal: 'Subtotal',
      tax: 'VAT 20% incl.',
      taxIncluded: true,
      total: ['TOTAL', 'Total to pay', 'BALANCE DUE'],
      cash: 'Cash',
      card: 'Card',
      change: 'Change',
      tip: 'Service',
      discount: ['Multibuy saving', 'Voucher', 'Clubcard price'],
      dateLabel: 'Date',
      returnBy: 'Refund valid until',
      thanks: 'Thank you, come again',
    },
    taxRate: 0.2,
    address: (r) => [
      `${int(r, 1, 300)} ${pick(r, STREETS)} Road`,
      `${pick(r, ['Leeds LS1 4AB', 'Bristol BS1 5TR', 'York YO1 7HH', 'Bath BA1 1SU'])}`,
      `VAT No. GB ${int(r, 100, 999)} ${int(r, 1000, 9999)} ${int(r, 10, 99)}`,
    ],
  },
  {
    id: 'de-DE',
    currency: 'EUR',
    decimal: ',',
    symbolBefore: '',
    symbolAfter: ' EUR',
    date: (d, m, y, r) => pick(r, [`${p2(d)}.${p2(m)}.${y}`, `${p2(d)}.${p2(m)}.${String(y).slice(2)}`]),
    words: {
      subtotal: 'Zwischensumme',
      tax: 'MwSt 19% enth.',
      taxIncluded: true,
      total: ['SUMME', 'Gesamt', 'Zu zahlen'],
      cash: 'Bar',
      card: 'EC-Karte',
      change: 'Rückgeld',
      tip: 'Trinkgeld',
      discount: ['Rabatt', 'Aktion -20%', 'Coupon'],
      dateLabel: 'Datum:',
      returnBy: 'Umtausch bis',
      thanks: 'Vielen Dank für Ihren Einkauf',
    },
    taxRate: 0.19,
    address: (r) => [
      `${pick(r, ['Haupt', 'Bahnhof', 'Linden', 'Berg'])}str. ${int(r, 1, 120)}`,
      `${int(r, 10000, 99999)} ${pick(r, ['Berlin', 'Köln', 'Hamburg', 'Leipzig'])}`,
      `USt-IdNr. DE${int(r, 100000000, 999999999)}`,
    ],
  },
  {
    id: 'fr-FR',
    currency: 'EUR',
    decimal: ',',
    symbolBefore: '',
    symbolAfter: ' €',
    date: (d, m, y) => `${p2(d)}/${p2(m)}/${y}`,
    words: {
      subtotal: 'Sous-total',
      tax: 'dont TVA 20%',
      taxIncluded: true,
      total: ['TOTAL TTC', 'TOTAL', 'NET A PAYER'],
      cash: 'Espèces',
      card: 'CB',
      change: 'Rendu',
      tip: 'Pourboire',
      discount: ['Remise', 'Réduction fidélité'],
      dateLabel: 'Date :',
      returnBy: 'Echange valable jusqu au',
      thanks: 'Merci de votre visite',
    },
    taxRate: 0.2,
    address: (r) => [
      `${int(r, 1, 90)} rue ${pick(r, ['de la Paix', 'Victor Hugo', 'du Marché', 'Lafayette'])}`,
      `${int(r, 10000, 95999)} ${pick(r, ['Lyon', 'Lille', 'Nantes', 'Paris'])}`,
      `SIRET ${int(r, 100, 999)} ${int(r, 100, 999)} ${int(r, 100, 999)} ${int(r, 10000, 99999)}`,
    ],
  },
  {
    id: 'es-ES',
    currency: 'EUR',
    decimal: ',',
    symbolBefore: '',
    symbolAfter: ' €',
    date: (d, m, y, r) => pick(r, [`${p2(d)}/${p2(m)}/${y}`, `${p2(d)}-${p2(m)}-${y}`]),
    words: {
      subtotal: 'Subtotal',
      tax: 'IVA 21% incluido',
      taxIncluded: true,
      total: ['TOTAL', 'TOTAL A PAGAR', 'IMPORTE'],
      cash: 'Efectivo',
      card: 'Tarjeta',
      change: 'Cambio',
      tip: 'Propina',
      discount: ['Descuento', 'Dto. socio'],
      dateLabel: 'Fecha:',
      returnBy: 'Cambios hasta',
      thanks: 'Gracias por su visita',
    },
    taxRate: 0.21,
    address: (r) => [
      `Calle ${pick(r, ['Mayor', 'Real', 'Sol', 'Luna'])} ${int(r, 1, 99)}`,
      `${int(r, 10000, 52999)} ${pick(r, ['Madrid', 'Sevilla', 'Valencia'])}`,
      `CIF B${int(r, 10000000, 99999999)}`,
    ],
  },
  {
    id: 'nl-NL',
    currency: 'EUR',
    decimal: ',',
    symbolBefore: '€ ',
    symbolAfter: '',
    date: (d, m, y) => `${p2(d)}-${p2(m)}-${y}`,
    words: {
      subtotal: 'Subtotaal',
      tax: 'BTW 21% incl.',
      taxIncluded: true,
      total: ['TOTAAL', 'Te betalen'],
      cash: 'Contant',
      card: 'PIN',
      change: 'Wisselgeld',
      tip: 'Fooi',
      discount: ['Korting', 'Bonus'],
      dateLabel: 'Datum',
      returnBy: 'Ruilen tot',
      thanks: 'Bedankt en tot ziens',
    },
    taxRate: 0.21,
    address: (r) => [
      `${pick(r, ['Kerk', 'Dorps', 'Molen'])}straat ${int(r, 1, 200)}`,
      `${int(r, 1000, 9999)} AB ${pick(r, ['Utrecht', 'Leiden', 'Delft'])}`,
    ],
  },
  {
    id: 'en-AU',
    currency: 'AUD',
    decimal: '.',
    symbolBefore: '$',
    symbolAfter: '',
    date: (d, m, y, r) => pick(r, [`${p2(d)}/${p2(m)}/${y}`, `${d} ${MONTHS[m - 1]} ${y}`]),
    words: {
      subtotal: 'Subtotal',
      tax: 'GST included',
      taxIncluded: true,
      total: ['TOTAL', 'Total AUD'],
      cash: 'Cash',
      card: 'EFTPOS',
      change: 'Change',
      tip: 'Tip',
      discount: ['Discount', 'Member price'],
      dateLabel: 'Date',
      returnBy: 'Exchange by',
      thanks: 'Cheers, see you soon',
    },
    taxRate: 0.1,
    address: (r) => [
      `${int(r, 1, 400)} ${pick(r, STREETS)} St`,
      `${pick(r, ['Sydney NSW 2000', 'Melbourne VIC 3000', 'Brisbane QLD 4000'])}`,
      `ABN ${int(r, 10, 99)} ${int(r, 100, 999)} ${int(r, 100, 999)} ${int(r, 100, 999)}`,
    ],
  },
  {
    id: 'en-CA',
    currency: 'CAD',
    decimal: '.',
    symbolBefore: '$',
    symbolAfter: '',
    date: (d, m, y, r) => pick(r, [`${y}-${p2(m)}-${p2(d)}`, `${p2(d)}/${p2(m)}/${y}`]),
    words: {
      subtotal: 'Subtotal',
      tax: 'HST 13%',
      taxIncluded: false,
      total: ['TOTAL', 'Total CAD'],
      cash: 'Cash',
      card: 'Interac',
      change: 'Change',
      tip: 'Tip',
      discount: ['Coupon', 'Rollback'],
      dateLabel: 'Date:',
      returnBy: 'Return by',
      thanks: 'Thanks for visiting',
    },
    taxRate: 0.13,
    address: (r) => [
      `${int(r, 1, 900)} ${pick(r, STREETS)} Ave`,
      `${pick(r, ['Toronto ON M5V 2T6', 'Ottawa ON K1P 5G3', 'Hamilton ON L8P 4R5'])}`,
    ],
  },
  {
    id: 'en-IN',
    currency: 'INR',
    decimal: '.',
    symbolBefore: 'Rs. ',
    symbolAfter: '',
    date: (d, m, y, r) => pick(r, [`${p2(d)}/${p2(m)}/${y}`, `${p2(d)}-${MONTHS[m - 1]}-${y}`]),
    words: {
      subtotal: 'Sub Total',
      tax: 'GST 5%',
      taxIncluded: false,
      total: ['Grand Total', 'Net Amount', 'TOTAL'],
      cash: 'Cash',
      card: 'UPI',
      change: 'Balance',
      tip: 'Service charge',
      discount: ['Discount', 'Offer'],
      dateLabel: 'Date:',
      returnBy: 'Exchange within 7 days till',
      thanks: 'Thank you visit again',
    },
    taxRate: 0.05,
    address: (r) => [
      `${int(r, 1, 99)} ${pick(r, ['MG Road', 'Park Street', 'Brigade Road'])}`,
      `${pick(r, ['Bengaluru 560001', 'Kolkata 700016', 'Pune 411001'])}`,
      `GSTIN 29AB${int(r, 1000, 9999)}C1Z${int(r, 1, 9)}`,
    ],
  },
  {
    id: 'de-CH',
    currency: 'CHF',
    decimal: '.',
    symbolBefore: 'CHF ',
    symbolAfter: '',
    date: (d, m, y) => `${p2(d)}.${p2(m)}.${y}`,
    words: {
      subtotal: 'Zwischentotal',
      tax: 'MWST 8.1% inkl.',
      taxIncluded: true,
      total: ['TOTAL CHF', 'Total'],
      cash: 'Bar',
      card: 'Twint',
      change: 'Rückgeld',
      tip: 'Trinkgeld',
      discount: ['Rabatt', 'Aktion'],
      dateLabel: 'Datum',
      returnBy: 'Umtausch bis',
      thanks: 'Merci vielmal',
    },
    taxRate: 0.081,
    address: (r) => [
      `${pick(r, ['Bahnhof', 'See', 'Dorf'])}strasse ${int(r, 1, 99)}`,
      `${int(r, 1000, 9999)} ${pick(r, ['Zürich', 'Bern', 'Basel'])}`,
    ],
  },
  {
    id: 'sv-SE',
    currency: 'SEK',
    decimal: ',',
    symbolBefore: '',
    symbolAfter: ' kr',
    date: (d, m, y) => `${y}-${p2(m)}-${p2(d)}`,
    words: {
      subtotal: 'Delsumma',
      tax: 'Moms 12% ingår',
      taxIncluded: true,
      total: ['TOTALT', 'Att betala'],
      cash: 'Kontant',
      card: 'Kort',
      change: 'Växel',
      tip: 'Dricks',
      discount: ['Rabatt', 'Medlemspris'],
      dateLabel: 'Datum',
      returnBy: 'Öppet köp till',
      thanks: 'Tack för ditt köp',
    },
    taxRate: 0.12,
    address: (r) => [
      `${pick(r, ['Storgatan', 'Drottninggatan', 'Kungsgatan'])} ${int(r, 1, 80)}`,
      `${int(r, 100, 999)} ${int(r, 10, 99)} ${pick(r, ['Stockholm', 'Uppsala', 'Malmö'])}`,
      `Org.nr ${int(r, 100000, 999999)}-${int(r, 1000, 9999)}`,
    ],
  },
]

/** Merchant and product words; the held-out split draws from lists the dev split never sees. */
const VOCAB = {
  dev: {
    merchants: [
      'Corner Grocery',
      'Blue Fern Cafe',
      'Hartley Hardware',
      'Northside Pharmacy',
      'Golden Wok',
      'Maple Books',
      'Urban Outfit Co',
      'Green Basket Market',
      'Riverside Deli',
      'Pixel Electronics',
      'Sunrise Bakery',
      'Kettle & Crumb',
      'Harbor Fish House',
      'Tool Depot',
      'Bella Pasta',
      'City Pet Supply',
    ],
    adjectives: [
      'Organic',
      'Fresh',
      'Large',
      'Classic',
      'Smoked',
      'Whole',
      'Mini',
      'Deluxe',
      'Spicy',
      'Wireless',
    ],
    nouns: [
      'Milk',
      'Bread',
      'Apples',
      'Coffee Beans',
      'Cheddar',
      'Chicken Breast',
      'Pasta',
      'Tomatoes',
      'Yogurt',
      'Batteries',
      'Hammer',
      'Notebook',
      'Shampoo',
      'Orange Juice',
      'Croissant',
      'Salmon Fillet',
      'USB Cable',
      'Dog Treats',
      'Rice',
      'Olive Oil',
    ],
    extras: [
      'with herbs',
      'family pack',
      'free range',
      'sliced 800g',
      'extra virgin 1L',
      'AA 8 pack',
      'low fat 500g',
    ],
  },
  holdout: {
    merchants: [
      'Lighthouse Provisions',
      'Copper Kettle Tearoom',
      'Summit Outdoor Gear',
      'Willow Street Florist',
      'Atlas Stationers',
      'Nordic Bean Roasters',
      'Orchard Lane Farm Shop',
      'Velvet Noodle Bar',
      'Keystone Auto Parts',
      'Moonlight Cinema Snacks',
    ],
    adjectives: ['Roasted', 'Frozen', 'Premium', 'Seasonal', 'Vegan', 'Sparkling', 'Heavy Duty', 'Handmade'],
    nouns: [
      'Granola',
      'Butter',
      'Lemonade',
      'Mushrooms',
      'Spinach',
      'Brake Pads',
      'Candle',
      'Envelopes',
      'Tulips',
      'Popcorn',
      'Ramen Bowl',
      'Espresso',
      'Hiking Socks',
      'Soup',
      'Lentils',
      'Wiper Blades',
    ],
    extras: ['gift wrapped', 'size large', 'pack of 12', 'refill 250ml', 'limited edition', 'no added sugar'],
  },
}

const FONTS_ROLL = ['DejaVu Sans Mono', 'Liberation Mono', 'FreeMono', 'Inconsolata', 'DejaVu Sans Condensed']
const FONTS_A4 = ['Liberation Sans', 'DejaVu Sans', 'Liberation Serif', 'FreeSans', 'DejaVu Serif']

export function money(locale: Locale, value: number, withSymbol: boolean): string {
  const abs = Math.abs(value)
  const [whole, cents] = abs.toFixed(2).split('.') as [string, string]
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale.decimal === ',' ? '.' : ',')
  const body = `${grouped}${locale.decimal}${cents}`
  const sign = value < 0 ? '-' : ''
  return withSymbol ? `${sign}${locale.symbolBefore}${body}${locale.symbolAfter}` : `${sign}${body}`
}

const r2 = (n: number) => Math.round(n * 100) / 100

export function makeReceipt(split: 'dev' | 'holdout', n: number): Receipt {
  const seed = (split === 'dev' ? 1_000 : 7_000_000) + n * 7919
  const r = rng(seed)
  const id = `${split}-${String(n).padStart(3, '0')}`
  const vocab = VOCAB[split]
  const locale = LOCALES[n % LOCALES.length]!
  const layout = (['80mm', '58mm', 'a4', '80mm', '58mm'] as const)[n % 5]!
  const font = layout === 'a4' ? pick(r, FONTS_A4) : pick(r, FONTS_ROLL)
  const merchant = pick(r, vocab.merchants)
  const y = int(r, 2021, 2025)
  const m = int(r, 1, 12)
  // Half the days fit in a month number too, so the locale has to decide.
  const d = r() < 0.5 ? int(r, 1, 12) : int(r, 13, 28)
  const date = `${y}-${p2(m)}-${p2(d)}`
  const features: string[] = []

  const items: TruthItem[] = []
  const count = layout === 'a4' ? int(r, 2, 6) : int(r, 2, 9)
  const itemLines: PrintLine[][] = []
  const width = layout === '58mm' ? 32 : 44
  for (let i = 0; i < count; i++) {
    let name = r() < 0.45 ? `${pick(r, vocab.adjectives)} ${pick(r, vocab.nouns)}` : pick(r, vocab.nouns)
    const multi = r() < 0.18
    const base = name
    if (multi) name = `${name} ${pick(r, vocab.extras)}`
    const quantity = r() < 0.25 ? int(r, 2, 6) : null
    const unit = r2(
      r() < 0.15 ? int(r, 20, 240) + int(r, 0, 99) / 100 : int(r, 0, 19) + int(r, 0, 99) / 100 + 0.49,
    )
    const price = r2(unit * (quantity ?? 1))
    items.push({ name, price, quantity })
    const block: PrintLine[] = []
    if (layout === 'a4') {
      block.push({
        left: name,
        right: `${quantity ?? 1}|${money(locale, unit, false)}|${money(locale, price, false)}`,
      })
    } else {
      const nameWidth = width - 11
      if (multi || name.length > nameWidth) {
        features.push('multi-line-item')
        let first = multi ? base : ''
        if (!multi) {
          const words = name.split(' ')
          while (words.length > 1 && (first + words[0]).length <= nameWidth - 6) first += `${words.shift()} `
        }
        block.push({ left: first.trim() })
        const rest = name.slice(first.trim().length).trim()
        if (quantity)
          block.push(
            { left: `  ${rest}` },
            { left: `  ${quantity} x ${money(locale, unit, false)}`, right: money(locale, price, false) },
          )
        else block.push({ left: `  ${rest}`, right: money(locale, price, false) })
      } else if (quantity) {
        features.push('quantity')
        if (r() < 0.5)
          block.push(
            { left: name },
            { left: `  ${quantity} x ${money(locale, unit, false)}`, right: money(locale, price, false) },
          )
        else block.push({ left: `${quantity} x ${name}`, right: money(locale, price, false) })
      } else block.push({ left: name, right: money(locale, price, false) })
    }
    itemLines.push(block)
    if (r() < 0.2) {
      features.push('discount')
      const label = pick(r, locale.words.discount)
      const off = -r2(Math.max(0.1, Math.round(price * (0.1 + r() * 0.2) * 100) / 100))
      items.push({ name: label, price: off, quantity: null })
      const shown = r() < 0.5 ? money(locale, off, false) : `${money(locale, -off, false)}-`
      itemLines.push([
        layout === 'a4' ? { left: label, right: `||${shown}` } : { left: `  ${label}`, right: shown },
      ])
    }
  }
  const subtotal = r2(items.reduce((s, i) => s + i.price, 0))
  const tax = locale.words.taxIncluded
    ? r2(subtotal - subtotal / (1 + locale.taxRate))
    : r2(subtotal * locale.taxRate)
  const afterTax = locale.words.taxIncluded ? subtotal : r2(subtotal + tax)
  const hasTip = layout !== 'a4' && r() < 0.25
  const tip = hasTip ? r2(Math.round(afterTax * 0.15 * 100) / 100) : 0
  const total = r2(afterTax + tip)
  if (hasTip) features.push('tip')

  const lines: PrintLine[] = []
  const W = locale.words
  const time = `${p2(int(r, 7, 21))}:${p2(int(r, 0, 59))}`
  const printedDate = locale.date(d, m, y, r)
  if (layout === 'a4') {
    lines.push({ left: merchant, bold: true, size: 1.6 }, ...locale.address(r).map((left) => ({ left })))
    lines.push({ left: '' }, { left: pick(r, ['INVOICE', 'Tax Invoice', 'Invoice']), bold: true, size: 1.3 })
    lines.push(
      { left: `Invoice no: INV-${int(r, 1000, 99999)}` },
      { left: `${W.dateLabel.replace(/:$/, '')}: ${printedDate}` },
    )
    const due = new Date(Date.UTC(y, m - 1, d + 30))
    lines.push({
      left: `Due date: ${locale.date(due.getUTCDate(), due.getUTCMonth() + 1, due.getUTCFullYear(), r)}`,
    })
    features.push('due-date')
    lines.push(
      { left: '' },
      { left: 'Bill to:', bold: true },
      { left: pick(r, ['Jordan Smith', 'A. Example Ltd', 'Sam Taylor']) },
      { left: `${int(r, 1, 99)} ${pick(r, STREETS)} Close` },
      { left: '' },
    )
    lines.push({ left: 'Description', right: 'Qty|Unit price|Amount', bold: true })
  } else {
    lines.push({ left: merchant, align: 'center', bold: true, size: 1.25 })
    for (const a of locale.address(r)) lines.push({ left: a, align: 'center' })
    lines.push({ left: '' })
    lines.push(
      r() < 0.5 ? { left: `${printedDate} ${time}` } : { left: `${W.dateLabel} ${printedDate}`, right: time },
    )
    lines.push({ left: `Receipt #${int(r, 1000, 999999)}`, right: `Till ${int(r, 1, 9)}` })
    lines.push({ left: '-'.repeat(width) })
  }
  for (const block of itemLines) lines.push(...block)
  lines.push({ left: layout === 'a4' ? '' : '-'.repeat(width) })
  const totalLabel = pick(r, W.total)
  const sym = (v: number) => money(locale, v, r() < 0.5)
  lines.push({ left: W.subtotal, right: money(locale, subtotal, false) })
  lines.push({ left: W.tax, right: money(locale, tax, false) })
  if (hasTip) {
    lines.push({ left: 'Total before tip', right: money(locale, afterTax, false) })
    lines.push({ left: W.tip, right: money(locale, tip, false) })
  }
  lines.push({ left: totalLabel, right: sym(total), bold: true, size: layout === 'a4' ? 1.1 : 1.15 })
  if (layout !== 'a4') {
    if (r() < 0.5) {
      const tendered = Math.ceil(total / 10) * 10 + (r() < 0.5 ? 10 : 0)
      lines.push(
        { left: W.cash, right: money(locale, tendered, false) },
        { left: W.change, right: money(locale, r2(tendered - total), false) },
      )
      features.push('cash')
    } else lines.push({ left: W.card, right: money(locale, total, false) })
    if (r() < 0.35) {
      const later = new Date(Date.UTC(y, m - 1, d + 28))
      lines.push(
        { left: '' },
        {
          left: `${W.returnBy} ${locale.date(later.getUTCDate(), later.getUTCMonth() + 1, later.getUTCFullYear(), r)}`,
        },
      )
      features.push('return-date')
    }
    lines.push({ left: '' }, { left: W.thanks, align: 'center' })
  } else lines.push({ left: '' }, { left: 'Payment within 30 days. Thank you for your business.' })

  return {
    truth: {
      id,
      split,
      layout,
      locale: locale.id,
      font,
      merchant,
      date,
      total,
      currency: locale.currency,
      items,
      features: [...new Set(features)],
    },
    lines,
  }
}

export const CORPUS = { dev: 64, holdout: 24 } as const
