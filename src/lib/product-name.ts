/** The names of a warranty's products: its merchant product's title, its global product's brand and model. */
export interface ProductNames {
  productTitle: string | null
  productBrand: string | null
  productModel: string | null
}

/**
 * The product a warranty names (docs/api.md, docs/certificates.md): the merchant product's
 * title, else the global product's brand and model, else none. The certificate metadata has
 * always been encoded with exactly this rule: a warranty re-batched after its file was lost
 * must get the same bytes (the same CID) again. Here, not in a feature, because the warranty
 * view (warranties) and the claim e-mail (claim-links, which warranties uses) both name it.
 */
export function productName(names: ProductNames): string | null {
  return names.productTitle ?? (names.productBrand ? `${names.productBrand} ${names.productModel}` : null)
}
