import type { Deps } from '../../deps.js'

export class AuditService {
  constructor(readonly deps: Deps) {}
}
