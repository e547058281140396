import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { type PageResult, paginate } from '../../http/pagination.js'
import type { AuditContext, AuditService } from '../audit/index.js'
import { hashPassword } from '../auth/index.js'
import { insertUser } from '../users/index.js'
import type { CreateAdminInput } from './admins.schemas.js'
import { findStaffUser, listAdmins } from './staff.repository.js'
import type { StaffUserView } from './staff.schemas.js'
import { staffView } from './staff.service.js'

/**
 * The platform's admins, run by admins (docs/console.md, Admins): the list (invited admins show
 * their invitation), and a new admin with a password the admin chooses. Inviting by e-mail is
 * the staff-access feature's; suspending, reactivating and removing are the off-boarding's
 * (/v1/admin/users/{id}/…: never oneself, never the last active admin).
 */
export class AdminAccounts {
  constructor(private readonly deps: { db: Db; audit: AuditService }) {}

  list(query: { limit?: number; cursor?: string }): Promise<PageResult<StaffUserView>> {
    return paginate(query, (window) => listAdmins(this.deps.db, window), staffView)
  }

  async create(ctx: AuditContext, input: CreateAdminInput): Promise<StaffUserView> {
    const passwordHash = await hashPassword(input.password)
    return this.deps.db.transaction(async (tx) => {
      const inserted = await insertUser(tx, {
        email: input.email,
        passwordHash,
        name: input.name,
        role: 'ADMIN',
        adminRole: input.adminRole ?? 'ADMIN',
      })
      if (!inserted) throw new AppError('conflict', 'A user with this e-mail already exists')
      const row = await findStaffUser(tx, inserted.id)
      if (!row) throw new Error('the inserted admin is missing')
      const after = staffView(row)
      await this.deps.audit.record(tx, {
        ...ctx,
        action: 'admin_user.create',
        targetType: 'admin_user',
        targetId: row.id,
        before: null,
        after,
      })
      return after
    })
  }
}
