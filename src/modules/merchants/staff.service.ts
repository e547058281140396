import type { Db, Tx } from '../../db/client.js'
import type { UserStatus } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { accountFields } from '../../http/schemas.js'
import type { StaffScope } from '../../http/staff-audiences.js'
import type { AuditContext, AuditService } from '../audit/index.js'
import {
  deleteStaffUser,
  findStaffUser,
  lockActiveKeepers,
  lockStaffUser,
  type StaffUserRow,
  setStaffStatus,
} from './staff.repository.js'
import type { StaffUserRemovedView, StaffUserView } from './staff.schemas.js'

/** Stops a user's unfinished CSV imports (the warranties feature's, passed by the composition). */
export type StopImportsOf = (tx: Tx, userId: string, reason: string) => Promise<number>

/** Who may off-board whom (`StaffScope`: an admin any staff user, a merchant's owner its users). */
export type OffboardingScope = StaffScope

export function staffView(row: StaffUserRow): StaffUserView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    merchantId: row.merchantId,
    merchantRole: row.merchantRole,
    adminRole: row.adminRole,
    ...(row.role === 'SERVICE_PROVIDER' && row.serviceProviderId
      ? { serviceProviderId: row.serviceProviderId }
      : {}),
    ...accountFields(row),
  }
}

/** The group a user must not leave empty: its merchant's owners (the merchant id), the admins (null). */
function keeperGroup(row: StaffUserRow): string | null | undefined {
  if (row.role === 'ADMIN') return null
  if (row.role === 'MERCHANT_USER' && row.merchantRole === 'OWNER') return row.merchantId
  return undefined
}

/** The audit log's name for each kind of staff user. */
const TARGET_TYPES: Record<StaffUserRow['role'], string> = {
  ADMIN: 'admin_user',
  MERCHANT_USER: 'merchant_user',
  SERVICE_PROVIDER: 'service_provider_user',
  CUSTOMER: 'customer',
}

const STOPPED_BY_SUSPENSION = 'Stopped: the user who uploaded it was suspended'
const STOPPED_BY_REMOVAL = 'Stopped: the user who uploaded it was removed'

/**
 * Off-boarding of staff users (docs/security.md, Off-boarding): suspend, reactivate, remove.
 * Sessions end at once: the change of the user row is announced to every process's principal
 * cache (LISTEN/NOTIFY), so the next request of a suspended user answers 403
 * `account_suspended` and of a removed one 401; reactivation does not revive the tokens of
 * before (the user signs in again). A merchant keeps one active owner and the platform one active admin; nobody off-boards
 * themselves. Every change is audited.
 */
export class StaffOffboarding {
  constructor(private readonly deps: { db: Db; audit: AuditService; stopImportsOf: StopImportsOf }) {}

  suspend(ctx: AuditContext, scope: OffboardingScope, id: string): Promise<StaffUserView> {
    return this.setStatus(ctx, scope, id, 'SUSPENDED')
  }

  reactivate(ctx: AuditContext, scope: OffboardingScope, id: string): Promise<StaffUserView> {
    return this.setStatus(ctx, scope, id, 'ACTIVE')
  }

  async remove(ctx: AuditContext, scope: OffboardingScope, id: string): Promise<StaffUserRemovedView> {
    return this.deps.db.transaction(async (tx) => {
      const target = await this.target(tx, ctx, scope, id)
      this.keepOne(target)
      const stoppedImports = await this.deps.stopImportsOf(tx, id, STOPPED_BY_REMOVAL)
      await deleteStaffUser(tx, id)
      await this.audit(tx, ctx, 'staff_user.remove', target.row, null)
      return { deleted: true as const, id, stoppedImports }
    })
  }

  private async setStatus(
    ctx: AuditContext,
    scope: OffboardingScope,
    id: string,
    status: UserStatus,
  ): Promise<StaffUserView> {
    return this.deps.db.transaction(async (tx) => {
      const target = await this.target(tx, ctx, scope, id)
      if (target.row.status === status) return staffView(target.row)
      if (status === 'SUSPENDED') {
        this.keepOne(target)
        await this.deps.stopImportsOf(tx, id, STOPPED_BY_SUSPENSION)
      }
      const row = await setStaffStatus(tx, id, status)
      const action = status === 'SUSPENDED' ? 'staff_user.suspend' : 'staff_user.reactivate'
      await this.audit(tx, ctx, action, target.row, row)
      return staffView(row)
    })
  }

  /**
   * The user, if the caller's scope reaches it (else 404, as for any other tenant's resource),
   * locked, with the active owners of its merchant (or the active admins) locked before it, in
   * id order: concurrent off-boardings in one group wait for each other instead of deadlocking.
   */
  private async target(
    tx: Tx,
    ctx: AuditContext,
    scope: OffboardingScope,
    id: string,
  ): Promise<{ row: StaffUserRow; keepers: string[] | null }> {
    const inScope = (row: StaffUserRow | null): row is StaffUserRow =>
      row !== null &&
      (scope.kind === 'platform'
        ? row.role === 'ADMIN' || row.role === 'MERCHANT_USER' || row.role === 'SERVICE_PROVIDER'
        : row.role === 'MERCHANT_USER' && row.merchantId === scope.merchantId)
    const peek = await findStaffUser(tx, id)
    if (!inScope(peek)) throw new AppError('not_found', 'No such user')
    if (peek.id === ctx.actor.userId) {
      throw new AppError('self_offboarding', 'You cannot suspend or remove your own account')
    }
    const group = keeperGroup(peek)
    const keepers = group === undefined ? null : await lockActiveKeepers(tx, group)
    const row = await lockStaffUser(tx, id)
    if (!inScope(row) || keeperGroup(row) !== group) throw new AppError('not_found', 'No such user')
    return { row, keepers }
  }

  /** Suspending or removing the last active owner of a merchant (or the last admin): 409. */
  private keepOne(target: { row: StaffUserRow; keepers: string[] | null }): void {
    const { row, keepers } = target
    if (!keepers || row.status !== 'ACTIVE') return
    if (keepers.some((k) => k !== row.id)) return
    if (row.role === 'ADMIN') {
      throw new AppError('last_admin', 'The platform keeps at least one active admin: add another first')
    }
    throw new AppError('last_owner', 'A merchant keeps at least one active owner: add another first')
  }

  private audit(
    tx: Tx,
    ctx: AuditContext,
    action: 'staff_user.suspend' | 'staff_user.reactivate' | 'staff_user.remove',
    before: StaffUserRow,
    after: StaffUserRow | null,
  ) {
    return this.deps.audit.record(tx, {
      ...ctx,
      action,
      targetType: TARGET_TYPES[before.role],
      targetId: before.id,
      before: staffView(before),
      after: after ? staffView(after) : null,
    })
  }
}
