import type { Deps } from '../../deps.js'

export class MerchantsService {
  constructor(readonly deps: Deps) {}
}
