import { type TLiteral, type TSchema, type TSchemaOptions, type TUnion, Type } from 'typebox'
import { ERROR_STATUS, type ErrorCode } from '../errors.js'

/** Shared request/response schemas. Every object rejects undeclared properties. */
export const Uuid = Type.String({ format: 'uuid' })
export const Email = Type.String({ format: 'email', maxLength: 254 })
export const DateTime = Type.String({ format: 'date-time' })
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/**
 * One of a closed list of strings, the list given by its source of truth (a database enum's
 * constant, the error codes): `Literals(MERCHANT_STATUSES)` is 'ACTIVE' | 'SUSPENDED'.
 */
export function Literals<const T extends readonly string[]>(
  values: T,
  options?: TSchemaOptions,
): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>
}

const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[]

export const ErrorBody = Type.Object(
  {
    error: Type.Enum(ERROR_CODES, { description: 'A stable error code, one of a closed list' }),
    message: Type.String(),
    details: Type.Optional(
      Type.Array(
        Type.Object({ path: Type.String(), message: Type.String() }, { additionalProperties: false }),
      ),
    ),
  },
  { $id: 'ErrorBody', additionalProperties: true, description: 'Every error answer' },
)

export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false })

export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 200, default: 50, description: '1 to 200, default 50' }),
  ),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page' }),
  ),
}

/** The list envelope: newest first, cursor pagination (`paginate` in src/http/pagination.ts). */
/** A page of a list; named `<Item>Page` in the API document when the item has a title. */
export const Page = <T extends TSchema>(item: T) => {
  const title = (item as { title?: unknown }).title
  return Type.Object(
    { items: Type.Array(item), nextCursor: Nullable(Type.String()) },
    {
      additionalProperties: false,
      ...(typeof title === 'string' ? { title: `${title}Page` } : {}),
    },
  )
}

export const Ok = Type.Object({ ok: Type.Literal(true) }, { additionalProperties: false })

/** Standard error answers documented on every route. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, Type.Ref('ErrorBody')]))

/**
 * A staff user invited by e-mail who has not chosen a password yet (docs/console.md, Staff
 * invitations): PENDING while the newest link is open, EXPIRED after (an admin or owner resends it).
 */
export const InvitationState = Type.Object(
  {
    status: Type.Union([Type.Literal('PENDING'), Type.Literal('EXPIRED')]),
    expiresAt: DateTime,
  },
  { title: 'InvitationState', additionalProperties: false },
)

/**
 * The `invitation` of a staff user view: present only while the user has not accepted an
 * invitation (`expiresAt`: its newest link's expiry, from `pendingInvitationExpiry`).
 */
export function invitationOf(expiresAt: Date | null): {
  invitation?: { status: 'PENDING' | 'EXPIRED'; expiresAt: string }
} {
  if (!expiresAt) return {}
  return {
    invitation: {
      status: expiresAt > new Date() ? 'PENDING' : 'EXPIRED',
      expiresAt: expiresAt.toISOString(),
    },
  }
}

/**
 * The account part of a staff user view (a merchant's, a provider's or any staff user): its
 * status, the invitation while one is open, the last login and the timestamps.
 */
export function accountFields<S extends string>(row: {
  status: S
  invitationExpiresAt: Date | null
  lastLoginAt: Date | null
  createdAt: Date
  updatedAt: Date
}) {
  return {
    status: row.status,
    ...invitationOf(row.invitationExpiresAt),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
