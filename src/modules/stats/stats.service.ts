import type { Deps } from '../../deps.js'

export class StatsService {
  constructor(readonly deps: Deps) {}
}
