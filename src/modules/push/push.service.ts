import type { Static } from 'typebox'
import type { Db } from '../../db/client.js'
import type { PushPlatform } from '../../db/schema/index.js'
import {
  deleteCustomerPushDevices,
  deletePushDevice,
  listCustomerPushDevices,
  type PushDeviceRow,
  trimPushDevices,
  upsertPushDevice,
} from './push.repository.js'
import type { PushDevice } from './push.schemas.js'

/** A customer keeps at most this many devices; registering one more drops the least recent. */
export const MAX_DEVICES_PER_CUSTOMER = 20

/** A device as `devicesOf` lists it. */
export interface CustomerDevice {
  id: string
  customerId: string
  token: string
  platform: PushPlatform
}

const view = (row: PushDeviceRow): Static<typeof PushDevice> => ({
  id: row.id,
  platform: row.platform,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** The devices that receive a customer's push notifications (docs/api.md, "Push devices"). */
export class PushDevicesService {
  constructor(private readonly deps: { db: Db }) {}

  async register(customerId: string, device: { token: string; platform: PushPlatform }) {
    return this.deps.db.transaction(async (tx) => {
      const row = await upsertPushDevice(tx, { customerId, ...device })
      await trimPushDevices(tx, customerId, MAX_DEVICES_PER_CUSTOMER)
      return view(row)
    })
  }

  /** One token of the caller, or all of the caller's devices; another customer's token is untouched. */
  async unregister(customerId: string, token?: string): Promise<{ removed: number }> {
    return { removed: await deleteCustomerPushDevices(this.deps.db, customerId, token) }
  }

  /** The customer's devices, most recently registered first. */
  async devicesOf(customerId: string): Promise<CustomerDevice[]> {
    const rows = await listCustomerPushDevices(this.deps.db, customerId)
    return rows.map(({ id, customerId: owner, token, platform }) => ({
      id,
      customerId: owner,
      token,
      platform,
    }))
  }

  /** Removes a device the provider reports gone (`PushTokenGoneError`); false if already gone. */
  async removeGoneDevice(id: string, token?: string): Promise<boolean> {
    return deletePushDevice(this.deps.db, id, token)
  }
}
