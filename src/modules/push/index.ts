import type { Db } from '../../db/client.js'
import type { Feature } from '../../feature.js'
import { pushRoutes } from './push.routes.js'
import { PushDevicesService } from './push.service.js'

export { deletePushDevice, listCustomerPushDevices, type PushDeviceRow } from './push.repository.js'
export { type CustomerDevice, MAX_DEVICES_PER_CUSTOMER, PushDevicesService } from './push.service.js'

/**
 * The customer's push devices (register, unregister). Sending is not here: the reminders use
 * the push adapter with the devices this feature's service lists (`devicesOf`) and remove
 * those the provider reports gone (`removeGoneDevice`).
 */
export function pushFeature(deps: { db: Db }): Feature<PushDevicesService> {
  const service = new PushDevicesService(deps)
  return {
    name: 'push',
    service,
    routes: (app) => app.register(pushRoutes, { push: service }),
  }
}
