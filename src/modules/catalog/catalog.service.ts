import type { Deps } from '../../deps.js'

export class CatalogService {
  constructor(readonly deps: Deps) {}
}
