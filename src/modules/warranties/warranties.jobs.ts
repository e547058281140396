import type { Deps } from '../../deps.js'
import type { JobDefinition } from '../../jobs/queue.js'
import type { Services } from '../../services.js'

/** The warranty feature's background jobs. */
export function warrantyJobs(_deps: Deps, _services: Services): JobDefinition<object>[] {
  return []
}
