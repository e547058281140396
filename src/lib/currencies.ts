/**
 * The ISO 4217 currency codes a merchant may price in: the active codes (2026), without the
 * withdrawn ones (HRK, CUC, SLL, ZWL, ANG). Fixed here, not read from the running ICU, so that
 * every Node version accepts the same codes.
 */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(
  `AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD
  CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP
  GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD
  KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN
  NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP
  SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND
  VUV WST XAF XCD XCG XDR XOF XPF XSU YER ZAR ZMW ZWG`
    .trim()
    .split(/\s+/),
)

/** The currency of a merchant that never chose one. */
export const DEFAULT_CURRENCY = 'EUR'

/** Whether `code` is an active ISO 4217 code (upper case, as stored). */
export function isCurrencyCode(code: string): boolean {
  return CURRENCY_CODES.has(code)
}
