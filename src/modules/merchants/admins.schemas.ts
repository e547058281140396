import { type Static, Type } from 'typebox'
import { ADMIN_ROLES } from '../../db/schema/index.js'
import { Email, Literals, Page, PageQuery } from '../../http/schemas.js'
import { StaffUser } from './staff.schemas.js'

export const AdminListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false })

export const AdminPage = Page(StaffUser)

export const CreateAdminBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 6, maxLength: 1024 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    adminRole: Type.Optional(Literals(ADMIN_ROLES, { default: 'ADMIN', description: 'Default ADMIN' })),
  },
  { additionalProperties: false },
)
export type CreateAdminInput = Static<typeof CreateAdminBody>
