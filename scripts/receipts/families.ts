/**
 * A second receipt corpus, written apart from the project's own generator (receipt-model.ts,
 * whose word lists, layouts and renderer the extraction was developed on): five layout families,
 * each with its own words, merchants, languages, widths, fonts and rendering, so that a family
 * can be held out of development and scored as receipts the extraction never saw.
 *
 *   npx tsx scripts/receipts/families.ts [--n 8] [--seed 1] [--family thermal,euvat,...] [--dots]
 *
 * Writes `<id>.scan.png`, `<id>.photo.jpg` and `<id>.json` (the truth) under
 * test/fixtures/receipts/images/families/<family>/ (git-ignored); the same seed writes the same
 * files. Another seed, or `--dots` (every family printed in dot-matrix dots: development
 * receipts to work on dotted print with), writes beside it (`families-seed7`, `families-seed7-dots`),
 * never over the scored set. `bench/ocr.bench.ts` runs it when the folder is missing or holds
 * fewer receipts.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { rng } from './receipt-model.js'
import { renderPhoto } from './render.js'

export const FAMILIES = ['thermal', 'euvat', 'ussales', 'restaurant', 'dotmatrix'] as const
export type Family = (typeof FAMILIES)[number]

export const FAMILY_DIR = join(
  import.meta.dirname,
  '..',
  '..',
  'test',
  'fixtures',
  'receipts',
  'images',
  'families',
)

/** Where a seed's receipts go: seed 1 (the scored set) in FAMILY_DIR, any other seed or dotted print beside it. */
export function familyDir(seed: number, dots = false): string {
  return seed === 1 && !dots ? FAMILY_DIR : `${FAMILY_DIR}-seed${seed}${dots ? '-dots' : ''}`
}

export interface FamilyTruth {
  id: string
  family: Family
  locale: string
  font: string
  merchant: string
  date: string
  total: number
  currency: string
  items: { name: string; price: number; quantity: number | null }[]
  features: string[]
}

/** A printed line: left text, right-aligned text, centred, size (1 = body), bold. */
interface Line {
  left?: string
  right?: string
  center?: string
  size?: number
  bold?: boolean
  /** A drawn rule (dashes or a solid line) instead of text. */
  rule?: 'dash' | 'solid' | 'stars'
  /** A small drawn logo (a shape) above the name. */
  logo?: boolean
}

interface Style {
  width: number
  margin: number
  /** Characters across the paper at body size (decides the font size). */
  chars: number
  font: string
  mono: boolean
  ink: string
  paper: string
  lineGap: number
  dots?: boolean
}

export interface FamilyReceipt {
  truth: FamilyTruth
  lines: Line[]
  style: Style
}

type Rand = () => number
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))
const r2 = (n: number) => Math.round(n * 100) / 100
const p2 = (n: number) => String(n).padStart(2, '0')
const fmt = (n: number, comma = false) => {
  const s = Math.abs(n).toFixed(2)
  const [w, c] = s.split('.')
  const withSep = comma ? w!.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : w!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${n < 0 ? '-' : ''}${withSep}${comma ? ',' : '.'}${c}`
}
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function randomDate(r: Rand): { y: number; m: number; d: number; iso: string } {
  const y = int(r, 2022, 2026)
  const m = int(r, 1, 12)
  const d = r() < 0.5 ? int(r, 1, 12) : int(r, 13, 28)
  return { y, m, d, iso: `${y}-${p2(m)}-${p2(d)}` }
}
const time = (r: Rand) => `${p2(int(r, 7, 22))}:${p2(int(r, 0, 59))}`
const phoneUs = (r: Rand) => `(${int(r, 201, 989)}) ${int(r, 200, 999)}-${int(r, 1000, 9999)}`

// ---- thermal: a supermarket slip, 58 or 80 mm, monospaced, English (UK, IE, AU) ----

const THERMAL_MERCHANTS = [
  'FreshWay Foods',
  'Harbour Grocers',
  'Greenleaf Market',
  'Northgate Superstore',
  'Bramble & Oak Grocery',
  'Quayside Foodhall',
  'Parkview Provisions',
  'Sunny Lane Market',
]
const THERMAL_ITEMS = [
  'SEMI SKIMMED MILK 2L',
  'WHOLEMEAL BREAD',
  'FREE RANGE EGGS 12',
  'CHEDDAR MATURE 400G',
  'BANANAS LOOSE',
  'BASMATI RICE 1KG',
  'ORANGE JUICE 1L',
  'TEABAGS 80S',
  'PENNE PASTA 500G',
  'TINNED TOMATOES',
  'PORRIDGE OATS',
  'GREEK YOGHURT',
  'CHICKEN BREAST FILLETS',
  'FROZEN PEAS 900G',
  'WASHING UP LIQUID',
  'KITCHEN ROLL 4PK',
  'SPARKLING WATER',
  'DARK CHOCOLATE',
]
const THERMAL_EXTRA = ['FAMILY PACK', 'VALUE RANGE', 'ORGANIC', 'MULTIBUY']

function thermal(n: number, r: Rand): FamilyReceipt {
  const country = pick(r, ['GB', 'IE', 'AU'] as const)
  const currency = country === 'GB' ? 'GBP' : country === 'IE' ? 'EUR' : 'AUD'
  const sym = country === 'GB' ? '£' : country === 'IE' ? '€' : '$'
  const narrow = r() < 0.5
  const font = pick(r, ['DejaVu Sans Mono', 'Liberation Mono', 'FreeMono', 'Inconsolata'])
  const merchant = pick(r, THERMAL_MERCHANTS)
  const date = randomDate(r)
  const lines: Line[] = []
  const features: string[] = []
  if (r() < 0.4) {
    lines.push({ logo: true })
    features.push('logo')
  }
  lines.push({ center: merchant.toUpperCase(), size: r() < 0.6 ? 2 : 1.4, bold: true })
  lines.push({ center: `Store ${int(r, 100, 9999)}` })
  const street = `${int(r, 1, 250)} ${pick(r, ['High Street', 'Market Road', 'Station Rd', 'Main Street', 'Church Lane'])}`
  lines.push({ center: street })
  if (country === 'GB')
    lines.push({
      center: `${pick(r, ['Leeds', 'Bristol', 'York', 'Bath'])} ${pick(r, ['LS1 4AP', 'BS8 1TH', 'YO1 7HH', 'BA1 1SU'])}`,
    })
  else if (country === 'IE') lines.push({ center: `${pick(r, ['Cork', 'Galway', 'Dublin 8'])}` })
  else lines.push({ center: `${pick(r, ['Newtown NSW 2042', 'Fitzroy VIC 3065', 'Paddington QLD 4064'])}` })
  lines.push({ center: `Tel: 0${int(r, 1000, 9999)} ${int(r, 100000, 999999)}` })
  if (country === 'AU')
    lines.push({
      center: `ABN ${int(r, 10, 99)} ${int(r, 100, 999)} ${int(r, 100, 999)} ${int(r, 100, 999)}`,
    })
  else lines.push({ center: `VAT No: ${country === 'GB' ? 'GB' : 'IE'}${int(r, 100000000, 999999999)}` })
  lines.push({ rule: 'dash' })
  const items: FamilyTruth['items'] = []
  const count = int(r, 3, 10)
  for (let i = 0; i < count; i++) {
    let name = pick(r, THERMAL_ITEMS)
    const quantity = r() < 0.25 ? int(r, 2, 4) : null
    const unit = r2(int(r, 0, 8) + int(r, 0, 99) / 100 + 0.29)
    const price = r2(unit * (quantity ?? 1))
    if (r() < 0.15) {
      // A name over two lines: the second part, then the price.
      const extra = pick(r, THERMAL_EXTRA)
      lines.push({ left: name })
      name = `${name} ${extra}`
      lines.push({ left: extra, right: fmt(price) })
      features.push('multi-line-item')
    } else if (quantity) {
      lines.push({ left: name })
      lines.push({ left: `  ${quantity} @ ${fmt(unit)}`, right: fmt(price) })
      features.push('quantity-line')
    } else lines.push({ left: name, right: fmt(price) })
    items.push({ name, price, quantity })
    if (r() < 0.12) {
      const off = -r2(Math.min(price * 0.3, int(r, 20, 150) / 100))
      lines.push({ left: 'PROMO SAVING', right: fmt(off) })
      items.push({ name: 'PROMO SAVING', price: off, quantity: null })
      features.push('discount')
    }
  }
  let total = r2(items.reduce((s, i) => s + i.price, 0))
  lines.push({ right: '--------' })
  lines.push({ left: `${items.length} ITEMS`, right: '' })
  lines.push({ left: 'SUBTOTAL', right: fmt(total) })
  const cash = r() < 0.4
  if (country === 'AU' && cash) {
    const rounded = r2(Math.round(total * 20) / 20)
    if (rounded !== total) {
      lines.push({ left: 'ROUNDING', right: fmt(r2(rounded - total)) })
      features.push('rounding')
      total = rounded
    }
  }
  lines.push({
    left: pick(r, ['TOTAL', 'BALANCE DUE', 'TOTAL TO PAY']),
    right: `${sym}${fmt(total)}`,
    bold: true,
    size: 1.3,
  })
  if (cash) {
    const given = Math.ceil(total / 10) * 10
    lines.push({ left: 'CASH', right: fmt(given) })
    lines.push({ left: 'CHANGE DUE', right: fmt(r2(given - total)) })
  } else {
    lines.push({ left: pick(r, ['VISA DEBIT', 'MASTERCARD', 'CONTACTLESS']), right: fmt(total) })
    lines.push({ left: `CARD ************${int(r, 1000, 9999)}` })
  }
  features.push(cash ? 'cash' : 'card')
  if (country !== 'AU') {
    lines.push({ left: 'VAT RATE   NET    VAT' })
    const net = r2(total / 1.2)
    lines.push({ left: `A  20.0%  ${fmt(net)}`, right: fmt(r2(total - net)) })
  } else lines.push({ left: 'GST INCLUDED IN TOTAL', right: fmt(r2(total / 11)) })
  if (r() < 0.6) {
    lines.push({ rule: 'stars' })
    lines.push({ center: `REWARDS CARD ****${int(r, 1000, 9999)}` })
    lines.push({ left: 'POINTS THIS VISIT', right: String(Math.floor(total)) })
    lines.push({ left: 'POINTS BALANCE', right: String(int(r, 100, 9000)) })
    features.push('loyalty')
  }
  lines.push({ rule: 'dash' })
  const dateText = `${p2(date.d)}/${p2(date.m)}/${r() < 0.5 ? date.y : String(date.y).slice(2)}`
  lines.push({ left: `${dateText} ${time(r)}`, right: `ST:${int(r, 10, 99)} OP:${int(r, 100, 999)}` })
  lines.push({ center: 'THANK YOU FOR SHOPPING WITH US' })
  const width = narrow ? 685 : 945
  return {
    truth: {
      id: `thermal-${p2(n)}`,
      family: 'thermal',
      locale: `en-${country}`,
      font,
      merchant,
      date: date.iso,
      total,
      currency,
      items,
      features: [...new Set(features)],
    },
    lines,
    style: {
      width,
      margin: narrow ? 40 : 48,
      chars: narrow ? 32 : 42,
      font,
      mono: true,
      ink: pick(r, ['#222', '#3a3a3a', '#555']),
      paper: '#f6f5f1',
      lineGap: 1.25,
    },
  }
}

// ---- euvat: a European VAT receipt in German or French, decimal comma, dd.mm.yyyy ----

const EU_MERCHANTS_DE = [
  'Bäckerei Sonnenkorn',
  'Drogerie Lindenhof',
  'Getränke Hahn',
  'Markthalle Weber',
  'Buchhandlung Seitenweise',
]
const EU_MERCHANTS_FR = [
  'Boulangerie du Marché',
  'Librairie des Quais',
  'Épicerie Lefèvre',
  'Pharmacie Centrale',
  'Fromagerie Bastide',
]
const EU_ITEMS_DE = [
  'Roggenbrot',
  'Butterbrezel',
  'Apfelschorle 0,5l',
  'Zahnpasta',
  'Duschgel',
  'Kaffee Crema 500g',
  'Haferflocken',
  'Mineralwasser',
  'Notizbuch A5',
  'Taschenbuch',
  'Bio Karotten',
  'Käse Gouda',
]
const EU_ITEMS_FR = [
  'Baguette tradition',
  'Croissant beurre',
  'Pain aux raisins',
  'Comté 18 mois',
  'Eau minérale',
  'Savon doux',
  'Confiture abricot',
  'Cahier grands carreaux',
  'Roman poche',
  'Café moulu',
  'Yaourt nature',
  'Jus de pomme',
]

function euvat(n: number, r: Rand): FamilyReceipt {
  const de = r() < 0.5
  const font = pick(r, ['Liberation Sans', 'DejaVu Sans Condensed', 'FreeSans', 'Liberation Sans Narrow'])
  const merchant = pick(r, de ? EU_MERCHANTS_DE : EU_MERCHANTS_FR)
  const date = randomDate(r)
  const lines: Line[] = []
  const features: string[] = ['decimal-comma']
  lines.push({ center: merchant, size: 1.6, bold: true })
  if (de) {
    lines.push({
      center: `${pick(r, ['Hauptstraße', 'Bahnhofstr.', 'Marktplatz', 'Lindenweg'])} ${int(r, 1, 90)}`,
    })
    lines.push({ center: `${int(r, 10000, 99999)} ${pick(r, ['Freiburg', 'Kassel', 'Münster', 'Graz'])}` })
    lines.push({ center: `Tel. 0${int(r, 30, 999)} / ${int(r, 100000, 999999)}` })
    lines.push({ center: `USt-IdNr. DE${int(r, 100000000, 999999999)}` })
  } else {
    lines.push({
      center: `${int(r, 1, 90)} ${pick(r, ['rue de la République', 'avenue Jean Jaurès', 'place du Marché', 'rue Victor Hugo'])}`,
    })
    lines.push({ center: `${int(r, 10000, 95999)} ${pick(r, ['Lyon', 'Nantes', 'Lille', 'Bordeaux'])}` })
    lines.push({
      center: `Tél : 0${int(r, 1, 5)} ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)}`,
    })
    lines.push({
      center: `SIRET ${int(r, 100, 999)} ${int(r, 100, 999)} ${int(r, 100, 999)} ${int(r, 10000, 99999)}`,
    })
  }
  const dateText = `${p2(date.d)}.${p2(date.m)}.${date.y}`
  const dateSlash = `${p2(date.d)}/${p2(date.m)}/${date.y}`
  if (r() < 0.5) lines.push({ left: de ? `Datum: ${dateText}` : `Date : ${dateSlash}`, right: time(r) })
  lines.push({ rule: 'solid' })
  if (r() < 0.5) lines.push({ left: de ? 'Artikel' : 'Article', right: 'EUR' })
  const items: FamilyTruth['items'] = []
  const count = int(r, 2, 8)
  const rate = de ? pick(r, [19, 7]) : pick(r, [20, 5.5])
  for (let i = 0; i < count; i++) {
    const name = pick(r, de ? EU_ITEMS_DE : EU_ITEMS_FR)
    const quantity = r() < 0.3 ? int(r, 2, 5) : null
    const unit = r2(int(r, 0, 12) + int(r, 0, 99) / 100 + 0.19)
    const price = r2(unit * (quantity ?? 1))
    if (quantity) {
      lines.push({ left: `${quantity} x ${fmt(unit, true)}` })
      features.push('quantity-line')
    }
    lines.push({ left: name, right: `${fmt(price, true)} ${de ? 'A' : '1'}` })
    items.push({ name, price, quantity })
  }
  if (r() < 0.3) {
    const off = -r2(int(r, 50, 300) / 100)
    const label = de ? 'Rabatt 10%' : 'Remise fidélité'
    lines.push({ left: label, right: fmt(off, true) })
    items.push({ name: label, price: off, quantity: null })
    features.push('discount')
  }
  const total = r2(items.reduce((s, i) => s + i.price, 0))
  lines.push({ rule: 'solid' })
  const net = r2(total / (1 + rate / 100))
  const tax = r2(total - net)
  const rateText = String(rate).replace('.', ',')
  if (de) {
    lines.push({
      left: pick(r, ['SUMME EUR', 'Summe', 'Gesamtbetrag', 'zu zahlen']),
      right: fmt(total, true),
      size: 1.3,
      bold: true,
    })
    lines.push({ left: 'MwSt   Netto   Steuer   Brutto' })
    lines.push({ left: `A ${rateText}%  ${fmt(net, true)}  ${fmt(tax, true)}`, right: fmt(total, true) })
    if (r() < 0.5) {
      const given = Math.ceil(total / 5) * 5 + 5
      lines.push({ left: 'Gegeben BAR', right: fmt(given, true) })
      lines.push({ left: 'Rückgeld', right: fmt(r2(given - total), true) })
      features.push('cash')
    } else {
      lines.push({ left: pick(r, ['EC-Karte', 'girocard', 'Kartenzahlung']), right: fmt(total, true) })
      features.push('card')
    }
  } else {
    const label = pick(r, ['TOTAL TTC', 'MONTANT TTC', 'TOTAL', 'NET À PAYER'])
    lines.push({ left: 'Total HT', right: fmt(net, true) })
    lines.push({ left: `TVA ${rateText}%`, right: fmt(tax, true) })
    lines.push({ left: label, right: `${fmt(total, true)} €`, size: 1.3, bold: true })
    if (r() < 0.5) {
      const given = Math.ceil(total / 5) * 5 + 5
      lines.push({ left: 'Espèces', right: fmt(given, true) })
      lines.push({ left: 'Rendu monnaie', right: fmt(r2(given - total), true) })
      features.push('cash')
    } else {
      lines.push({ left: 'CB SANS CONTACT', right: fmt(total, true) })
      features.push('card')
    }
  }
  if (r() < 0.4) {
    lines.push({ left: de ? 'Payback Punkte' : 'Points fidélité', right: String(int(r, 5, 300)) })
    features.push('loyalty')
  }
  lines.push({ rule: 'solid' })
  lines.push({
    left: de ? `${dateText} ${time(r)}` : `${dateSlash} ${time(r)}`,
    right: `${de ? 'Bon' : 'Ticket'} ${int(r, 1000, 99999)}`,
  })
  lines.push({ center: de ? 'Vielen Dank für Ihren Einkauf!' : 'Merci de votre visite !' })
  const narrow = r() < 0.4
  return {
    truth: {
      id: `euvat-${p2(n)}`,
      family: 'euvat',
      locale: de ? 'de-DE' : 'fr-FR',
      font,
      merchant,
      date: date.iso,
      total,
      currency: 'EUR',
      items,
      features: [...new Set(features)],
    },
    lines,
    style: {
      width: narrow ? 700 : 900,
      margin: 44,
      chars: narrow ? 34 : 42,
      font,
      mono: false,
      ink: '#1a1a1a',
      paper: '#fbfbf8',
      lineGap: 1.35,
    },
  }
}

// ---- ussales: a US store receipt with sales tax, mm/dd/yyyy, SKUs and tax flags ----

const US_MERCHANTS = [
  'Riverside Hardware',
  'Lone Pine Outfitters',
  'Mesa Home Center',
  'Bayou Pharmacy',
  'Prairie Farm Supply',
  'Cedar Creek Pet Co',
]
const US_ITEMS = [
  'WOOD SCREWS 1LB',
  'PAINT ROLLER 9IN',
  'LED BULB 4PK',
  'DUCT TAPE',
  'GARDEN HOSE 50FT',
  'WORK GLOVES',
  'DOG FOOD 30LB',
  'VITAMIN C 500MG',
  'BATTERIES AA 8',
  'EXTENSION CORD',
  'BIRD SEED 10LB',
  'SPRAY PAINT BLK',
]

function ussales(n: number, r: Rand): FamilyReceipt {
  const font = pick(r, ['DejaVu Sans Mono', 'Liberation Mono', 'FreeMono', 'DejaVu Sans', 'Liberation Sans'])
  const merchant = pick(r, US_MERCHANTS)
  const date = randomDate(r)
  const lines: Line[] = []
  const features: string[] = ['sales-tax']
  if (r() < 0.3) lines.push({ center: 'WELCOME TO' })
  lines.push({ center: merchant.toUpperCase(), size: 1.5, bold: true })
  lines.push({ center: `STORE #${int(r, 100, 9999)}` })
  lines.push({
    center: `${int(r, 100, 9999)} ${pick(r, ['N MAIN ST', 'W 5TH AVE', 'HIGHWAY 61', 'OAK BLVD'])}`,
  })
  const state = pick(r, [
    ['AUSTIN', 'TX'],
    ['DENVER', 'CO'],
    ['TUCSON', 'AZ'],
    ['MACON', 'GA'],
  ] as const)
  lines.push({ center: `${state[0]}, ${state[1]} ${int(r, 10000, 99999)}` })
  lines.push({ center: phoneUs(r) })
  lines.push({
    left: `${p2(date.m)}/${p2(date.d)}/${r() < 0.6 ? date.y : String(date.y).slice(2)} ${time(r)}`,
    right: `REG ${int(r, 1, 12)} TRN ${int(r, 1000, 9999)}`,
  })
  lines.push({ rule: 'dash' })
  const items: FamilyTruth['items'] = []
  const count = int(r, 2, 8)
  let saved = 0
  for (let i = 0; i < count; i++) {
    const name = pick(r, US_ITEMS)
    const quantity = r() < 0.2 ? int(r, 2, 6) : null
    const unit = r2(int(r, 1, 40) + int(r, 0, 99) / 100)
    const price = r2(unit * (quantity ?? 1))
    const sku = String(int(r, 10000000, 99999999)) + String(int(r, 1000, 9999))
    if (r() < 0.5) {
      lines.push({ left: `${sku} ${name}`, right: `${fmt(price)} ${pick(r, ['T', 'N', 'F'])}` })
      features.push('sku')
    } else lines.push({ left: name, right: `${fmt(price)} T` })
    if (quantity) lines.push({ left: `  ${quantity} @ ${fmt(unit)} EA` })
    items.push({ name, price, quantity })
    if (r() < 0.15) {
      const off = -r2(int(r, 50, 400) / 100)
      lines.push({ left: 'MEMBER SAVINGS', right: `${fmt(Math.abs(off))}-` })
      items.push({ name: 'MEMBER SAVINGS', price: off, quantity: null })
      saved += -off
      features.push('discount')
    }
  }
  const subtotal = r2(items.reduce((s, i) => s + i.price, 0))
  const rate = pick(r, [6.25, 7.5, 8.25, 5.6, 4])
  const tax = r2((subtotal * rate) / 100)
  const total = r2(subtotal + tax)
  lines.push({ left: 'SUBTOTAL', right: fmt(subtotal) })
  lines.push({ left: `SALES TAX ${rate}%`, right: fmt(tax) })
  lines.push({
    left: pick(r, ['TOTAL', '**** TOTAL', 'TOTAL DUE', 'BALANCE']),
    right: `$${fmt(total)}`,
    bold: true,
  })
  if (r() < 0.4) {
    const given = Math.ceil(total / 20) * 20
    lines.push({ left: 'CASH TEND', right: fmt(given) })
    lines.push({ left: 'CHANGE DUE', right: fmt(r2(given - total)) })
    features.push('cash')
  } else {
    lines.push({ left: pick(r, ['VISA TEND', 'MC TEND', 'DEBIT TEND']), right: fmt(total) })
    lines.push({ left: `ACCOUNT # ************${int(r, 1000, 9999)}` })
    lines.push({ left: `APPROVAL # ${int(r, 100000, 999999)}` })
    features.push('card')
  }
  if (saved > 0) lines.push({ center: `YOU SAVED $${fmt(r2(saved))} TODAY` })
  if (r() < 0.5) {
    lines.push({ left: `REWARDS MEMBER ****${int(r, 1000, 9999)}` })
    lines.push({ left: 'POINTS EARNED', right: String(Math.floor(total)) })
    features.push('loyalty')
  }
  lines.push({ left: `RETURNS ACCEPTED WITHIN 30 DAYS` })
  lines.push({ center: `# ITEMS SOLD ${count}` })
  const mono = /Mono/.test(font)
  return {
    truth: {
      id: `ussales-${p2(n)}`,
      family: 'ussales',
      locale: 'en-US',
      font,
      merchant,
      date: date.iso,
      total,
      currency: 'USD',
      items,
      features: [...new Set(features)],
    },
    lines,
    style: { width: 900, margin: 40, chars: 44, font, mono, ink: '#262626', paper: '#f9f9f6', lineGap: 1.3 },
  }
}

// ---- restaurant: a bill with table, server, service or tip; dates with month names ----

const RESTAURANTS = [
  'Trattoria Bellavista',
  'The Copper Kettle',
  'Le Petit Zinc',
  'Casa Marisol',
  'Golden Lotus Kitchen',
  'The Anchor Tavern',
]
const DISHES = [
  'Margherita Pizza',
  'Caesar Salad',
  'Grilled Salmon',
  'Fish and Chips',
  'Mushroom Risotto',
  'House Burger',
  'Tiramisu',
  'Espresso',
  'Sparkling Water',
  'Glass of Merlot',
  'Pad Thai',
  'Garlic Bread',
  'Lemon Tart',
  'Craft Lager',
]

function restaurant(n: number, r: Rand): FamilyReceipt {
  const font = pick(r, ['DejaVu Serif', 'Liberation Serif', 'FreeSerif', 'DejaVu Sans', 'FreeSans'])
  const merchant = pick(r, RESTAURANTS)
  const place = pick(r, ['US', 'GB', 'CA', 'IE'] as const)
  const currency = { US: 'USD', GB: 'GBP', CA: 'CAD', IE: 'EUR' }[place]
  const sym = { US: '$', GB: '£', CA: 'C$', IE: '€' }[place]
  const date = randomDate(r)
  const lines: Line[] = []
  const features: string[] = []
  lines.push({ center: merchant, size: 1.7, bold: true })
  if (r() < 0.5) lines.push({ center: pick(r, ['Est. 1998', 'Bar & Kitchen', 'Fine Food · Good Company']) })
  lines.push({
    center: `${int(r, 1, 300)} ${pick(r, ['Harbour Street', 'Queen St W', 'Elm Avenue', 'Dame Street'])}`,
  })
  lines.push({ center: place === 'US' ? phoneUs(r) : `Tel ${int(r, 1000, 9999)} ${int(r, 100000, 999999)}` })
  lines.push({ rule: 'solid' })
  const dateText =
    place === 'US'
      ? pick(r, [`${MONTHS_EN[date.m - 1]} ${date.d}, ${date.y}`, `${p2(date.m)}/${p2(date.d)}/${date.y}`])
      : pick(r, [`${p2(date.d)} ${MONTHS_EN[date.m - 1]} ${date.y}`, `${p2(date.d)}/${p2(date.m)}/${date.y}`])
  lines.push({ left: `Table ${int(r, 1, 40)}`, right: `Guests ${int(r, 1, 6)}` })
  lines.push({
    left: `Server: ${pick(r, ['Maria', 'Tom', 'Aoife', 'Luc', 'Sam'])}`,
    right: `Check #${int(r, 100, 9999)}`,
  })
  lines.push({ left: dateText, right: time(r) })
  lines.push({ rule: 'solid' })
  const items: FamilyTruth['items'] = []
  const count = int(r, 2, 7)
  for (let i = 0; i < count; i++) {
    const name = pick(r, DISHES)
    const quantity = r() < 0.35 ? int(r, 2, 4) : null
    const unit = r2(int(r, 3, 28) + pick(r, [0, 0.5, 0.95, 0.75]))
    const price = r2(unit * (quantity ?? 1))
    lines.push({ left: `${quantity ?? 1} ${name}`, right: fmt(price) })
    if (r() < 0.15) {
      lines.push({ left: `   ${pick(r, ['no onions', 'extra cheese', 'well done', 'gluten free'])}` })
      features.push('modifier')
    }
    items.push({ name, price, quantity })
  }
  const subtotal = r2(items.reduce((s, i) => s + i.price, 0))
  lines.push({ rule: 'dash' })
  lines.push({ left: 'Subtotal', right: fmt(subtotal) })
  let total = subtotal
  if (place === 'US' || place === 'CA') {
    const rate = place === 'US' ? 8.875 : 13
    const tax = r2((subtotal * rate) / 100)
    lines.push({ left: place === 'US' ? `Tax ${rate}%` : 'HST 13%', right: fmt(tax) })
    total = r2(total + tax)
  } else
    lines.push({ left: 'VAT included', right: fmt(r2(subtotal - subtotal / (place === 'GB' ? 1.2 : 1.135))) })
  const service = r() < 0.5
  if (service) {
    const charge = r2(subtotal * 0.125)
    lines.push({ left: 'Service charge 12.5%', right: fmt(charge) })
    total = r2(total + charge)
    features.push('service')
  }
  const tip = !service && r() < 0.6 ? r2(Math.round(subtotal * pick(r, [0.15, 0.18, 0.2]))) : 0
  if (tip) {
    // The tipped total is what was paid: the bill's total first, then the tip and the new total.
    lines.push({ left: 'Total', right: `${sym}${fmt(total)}`, bold: true })
    lines.push({ left: 'Tip', right: fmt(tip) })
    total = r2(total + tip)
    lines.push({ left: 'Total', right: `${sym}${fmt(total)}`, bold: true, size: 1.2 })
    features.push('tip')
  } else
    lines.push({
      left: pick(r, ['Total', 'Amount Due', 'TOTAL']),
      right: `${sym}${fmt(total)}`,
      bold: true,
      size: 1.2,
    })
  lines.push({ left: pick(r, ['Visa', 'Mastercard', 'Amex']), right: fmt(total) })
  lines.push({ left: `Card ending ${int(r, 1000, 9999)}   Auth ${int(r, 100000, 999999)}` })
  lines.push({ center: 'Thank you, come again!' })
  return {
    truth: {
      id: `restaurant-${p2(n)}`,
      family: 'restaurant',
      locale: `en-${place}`,
      font,
      merchant,
      date: date.iso,
      total,
      currency,
      items,
      features: [...new Set(features)],
    },
    lines,
    style: {
      width: pick(r, [760, 860]),
      margin: 48,
      chars: 38,
      font,
      mono: false,
      ink: '#111',
      paper: '#fffdf8',
      lineGap: 1.4,
    },
  }
}

// ---- dotmatrix: an invoice from an impact printer, wide, column table, ISO or dd-MMM-yy dates ----

const DOT_MERCHANTS = [
  'Acme Hardware Supplies Ltd',
  'Northern Fasteners',
  'Keller Industrial Parts',
  'Blue Ridge Auto Parts',
  'Summit Office Supply',
]
const DOT_ITEMS = [
  'HEX BOLT M8 X 40',
  'WASHER M8 ZINC',
  'BRAKE PADS FRONT',
  'OIL FILTER',
  'COPY PAPER A4 BOX',
  'TONER CARTRIDGE',
  'SAFETY GOGGLES',
  'CABLE TIES 200MM',
  'WIPER BLADE 22IN',
  'ANGLE GRINDER DISC',
]

function dotmatrix(n: number, r: Rand): FamilyReceipt {
  const font = pick(r, ['FreeMono', 'Liberation Mono', 'DejaVu Sans Mono'])
  const merchant = pick(r, DOT_MERCHANTS)
  const place = pick(r, ['GB', 'US', 'AU', 'NZ'] as const)
  const currency = { GB: 'GBP', US: 'USD', AU: 'AUD', NZ: 'NZD' }[place]
  const date = randomDate(r)
  const lines: Line[] = []
  const features: string[] = ['column-table']
  lines.push({ left: merchant.toUpperCase(), size: 1.4, bold: true })
  lines.push({
    left: `${int(r, 1, 99)} ${pick(r, ['INDUSTRIAL ESTATE', 'COMMERCE WAY', 'FACTORY ROAD'])}, UNIT ${int(r, 1, 30)}`,
  })
  lines.push({
    left: `PHONE ${int(r, 100, 999)} ${int(r, 100, 999)} ${int(r, 1000, 9999)}   FAX ${int(r, 100, 999)} ${int(r, 100, 999)} ${int(r, 1000, 9999)}`,
  })
  lines.push({
    left:
      place === 'GB'
        ? `VAT REG ${int(r, 100, 999)} ${int(r, 1000, 9999)} ${int(r, 10, 99)}`
        : place === 'US'
          ? `ACCT ${int(r, 10000, 99999)}`
          : `GST NO ${int(r, 10, 99)}-${int(r, 100, 999)}-${int(r, 100, 999)}`,
  })
  lines.push({ rule: 'dash' })
  const dateText = pick(r, [
    `${date.y}-${p2(date.m)}-${p2(date.d)}`,
    `${p2(date.d)}-${MONTHS_EN[date.m - 1]!.toUpperCase()}-${String(date.y).slice(2)}`,
    place === 'US' ? `${p2(date.m)}/${p2(date.d)}/${date.y}` : `${p2(date.d)}/${p2(date.m)}/${date.y}`,
  ])
  lines.push({ left: `INVOICE NO: ${int(r, 10000, 99999)}`, right: `DATE: ${dateText}` })
  lines.push({ left: `CUSTOMER: CASH SALE`, right: `TERMS: ${pick(r, ['COD', 'NET 30'])}` })
  if (r() < 0.4) lines.push({ left: `DUE DATE: ${p2(int(r, 1, 28))}/${p2(int(r, 1, 12))}/${date.y + 1}` })
  lines.push({ rule: 'dash' })
  lines.push({ left: 'QTY  DESCRIPTION', right: 'UNIT     AMOUNT' })
  const items: FamilyTruth['items'] = []
  const count = int(r, 2, 7)
  for (let i = 0; i < count; i++) {
    const name = pick(r, DOT_ITEMS)
    const q = int(r, 1, 12)
    const unit = r2(int(r, 0, 60) + int(r, 0, 99) / 100 + 0.05)
    const price = r2(unit * q)
    lines.push({
      left: `${String(q).padStart(3)}  ${name}`,
      right: `${fmt(unit).padStart(8)}  ${fmt(price).padStart(9)}`,
    })
    items.push({ name, price, quantity: q })
  }
  const net = r2(items.reduce((s, i) => s + i.price, 0))
  const rate = { GB: 20, US: 6, AU: 10, NZ: 15 }[place]
  const tax = r2((net * rate) / 100)
  const total = r2(net + tax)
  lines.push({ rule: 'dash' })
  lines.push({ left: '', right: `GOODS NET  ${fmt(net).padStart(9)}` })
  lines.push({
    left: '',
    right: `${place === 'GB' ? 'VAT' : place === 'US' ? 'SALES TAX' : 'GST'} ${rate}%  ${fmt(tax).padStart(9)}`,
  })
  lines.push({
    left: '',
    right: `${pick(r, ['TOTAL DUE', 'INVOICE TOTAL', 'TOTAL'])} ${currency} ${fmt(total).padStart(9)}`,
    bold: true,
  })
  lines.push({ left: `PAID: ${pick(r, ['CHEQUE', 'CASH', 'ACCOUNT'])}` })
  lines.push({ left: 'GOODS REMAIN PROPERTY OF SELLER UNTIL PAID IN FULL' })
  return {
    truth: {
      id: `dotmatrix-${p2(n)}`,
      family: 'dotmatrix',
      locale: `en-${place}`,
      font,
      merchant,
      date: date.iso,
      total,
      currency,
      items,
      features,
    },
    lines,
    style: {
      width: 1240,
      margin: 70,
      chars: 72,
      font,
      mono: true,
      ink: pick(r, ['#2b2b3a', '#3b3b4a']),
      paper: '#fbfbf4',
      lineGap: 1.5,
      dots: true,
    },
  }
}

const MAKERS: Record<Family, (n: number, r: Rand) => FamilyReceipt> = {
  thermal,
  euvat,
  ussales,
  restaurant,
  dotmatrix,
}

export function makeFamilyReceipt(family: Family, n: number, seed = 1): FamilyReceipt {
  const salt = FAMILIES.indexOf(family) + 1
  return MAKERS[family](n, rng(seed * 1_000_003 + salt * 65_537 + n * 7_919))
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The receipt as a flat scan at ~300 dpi (the invoice at ~150): SVG text through librsvg. */
export async function renderFamilyScan(
  receipt: FamilyReceipt,
): Promise<{ png: Buffer; width: number; height: number }> {
  const s = receipt.style
  const size = Math.floor(((s.width - 2 * s.margin) / s.chars) * (s.mono ? 1.62 : 1.45))
  const lineHeight = Math.round(size * s.lineGap)
  const fill = s.dots ? 'url(#dots)' : s.ink
  const parts: string[] = []
  let y = s.margin + size
  const text = (x: number, content: string, anchor: string, line: Line) => {
    const fs = Math.round(size * (line.size ?? 1))
    parts.push(
      `<text x="${x}" y="${y}" font-family="${s.font}" font-size="${fs}" fill="${fill}" text-anchor="${anchor}"${line.bold ? ' font-weight="bold"' : ''} xml:space="preserve">${esc(content)}</text>`,
    )
  }
  for (const line of receipt.lines) {
    if (line.logo) {
      const cx = s.width / 2
      parts.push(
        `<circle cx="${cx}" cy="${y}" r="${size * 1.1}" fill="none" stroke="${s.ink}" stroke-width="${size / 5}"/>`,
      )
      parts.push(
        `<path d="M${cx - size * 0.6} ${y + size * 0.4} L${cx} ${y - size * 0.6} L${cx + size * 0.6} ${y + size * 0.4} Z" fill="${s.ink}"/>`,
      )
      y += Math.round(size * 2.4)
      continue
    }
    if (line.rule) {
      const ry = y - size * 0.35
      if (line.rule === 'solid')
        parts.push(
          `<line x1="${s.margin}" y1="${ry}" x2="${s.width - s.margin}" y2="${ry}" stroke="${s.ink}" stroke-width="2"/>`,
        )
      else {
        const ch = line.rule === 'stars' ? '*' : '-'
        text(s.margin, ch.repeat(Math.floor(s.chars * (s.mono ? 1 : 1.2))), 'start', line)
      }
      y += lineHeight
      continue
    }
    y += Math.round(lineHeight * ((line.size ?? 1) - 1))
    if (line.center !== undefined) text(s.width / 2, line.center, 'middle', line)
    if (line.left) text(s.margin, line.left, 'start', line)
    if (line.right) text(s.width - s.margin, line.right, 'end', line)
    y += lineHeight
  }
  const height = y + s.margin
  const defs = s.dots
    ? `<defs><pattern id="dots" width="4" height="4" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.7" fill="${s.ink}"/></pattern></defs>`
    : ''
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${s.width}" height="${height}">${defs}<rect width="100%" height="100%" fill="${s.paper}"/>${parts.join('')}</svg>`
  const png = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer()
  return { png, width: s.width, height }
}

/**
 * The photo: the project's table photo (perspective, rotation, textured table, light falloff,
 * shadow, blur, noise, JPEG), then, by the seed, a crease across the paper and low light.
 */
export async function renderFamilyPhoto(
  scan: { png: Buffer; width: number; height: number },
  seed: number,
): Promise<Buffer> {
  const r = rng(seed)
  let source = scan
  if (r() < 0.6) {
    // A fold: a thin bright ridge beside a dark valley across the page, at an angle.
    const y0 = scan.height * (0.25 + r() * 0.5)
    const slope = (r() - 0.5) * 0.2 * scan.width
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${scan.width}" height="${scan.height}"><line x1="0" y1="${y0}" x2="${scan.width}" y2="${y0 + slope}" stroke="#000" stroke-opacity="0.35" stroke-width="5"/><line x1="0" y1="${y0 + 5}" x2="${scan.width}" y2="${y0 + 5 + slope}" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/></svg>`
    const png = await sharp(scan.png)
      .composite([{ input: Buffer.from(svg), blend: 'over' }])
      .png()
      .toBuffer()
    source = { ...scan, png }
  }
  const photo = await renderPhoto(source, seed)
  if (r() < 0.4) {
    // Low light: darker, flatter, noisier once recompressed.
    return sharp(photo)
      .linear(0.55 + r() * 0.15, 10)
      .jpeg({ quality: 70 })
      .toBuffer()
  }
  return photo
}

export async function writeFamilies(options: {
  n: number
  seed: number
  families?: readonly Family[]
  /** Print every family's glyphs in dot-matrix dots (the `dotmatrix` family's drawing). */
  dots?: boolean
}): Promise<void> {
  for (const family of options.families ?? FAMILIES) {
    const dir = join(familyDir(options.seed, options.dots), family)
    await mkdir(dir, { recursive: true })
    for (let n = 1; n <= options.n; n++) {
      const made = makeFamilyReceipt(family, n, options.seed)
      const receipt = options.dots ? { ...made, style: { ...made.style, dots: true } } : made
      const scan = await renderFamilyScan(receipt)
      const id = receipt.truth.id
      await writeFile(join(dir, `${id}.scan.png`), scan.png)
      await writeFile(
        join(dir, `${id}.photo.jpg`),
        await renderFamilyPhoto(scan, options.seed * 31 + n * 104_729 + FAMILIES.indexOf(family)),
      )
      await writeFile(join(dir, `${id}.json`), `${JSON.stringify(receipt.truth, null, 2)}\n`)
    }
    await writeFile(
      join(dir, 'corpus.json'),
      `${JSON.stringify({ n: options.n, seed: options.seed, ...(options.dots ? { dots: true } : {}) })}\n`,
    )
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const opt = (name: string) => {
    const at = args.indexOf(`--${name}`)
    return at >= 0 ? args[at + 1] : undefined
  }
  const families = opt('family')?.split(',') as Family[] | undefined
  await writeFamilies({
    n: Number(opt('n') ?? 8),
    seed: Number(opt('seed') ?? 1),
    ...(families ? { families } : {}),
    dots: args.includes('--dots'),
  })
  console.log(`corpus written to ${familyDir(Number(opt('seed') ?? 1), args.includes('--dots'))}`)
}
