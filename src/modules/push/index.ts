import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { pushRoutes } from './push.routes.js'
import { PushDevicesService } from './push.service.js'

export { deletePushDevice, listCustomerPushDevices, type PushDeviceRow } from './push.repository.js'
export { type CustomerDevice, MAX_DEVICES_PER_CUSTOMER, PushDevicesService } from './push.service.js'

/**
 * The customer's push devices (register, unregister). Sending is not here: the reminders read
 * the devices a reminder goes to in their own query (src/modules/reminders/reminders.repository.ts),
 * send through the push adapter, and remove a device the provider reports gone with
 * `deletePushDevice`.
 */
export function pushFeature(deps: { db: Db }): Feature<PushDevicesService> {
  const service = new PushDevicesService(deps)
  return {
    name: 'push',
    service,
    routes: (app) => app.register(pushRoutes, { push: service }),
  }
}
