/** Users of every role: the rows other features read and write through these functions. */
export { type CustomerIdentity, findOrCreateCustomer, lockUser } from './customer-identity.repository.js'
export {
  findUserByEmail,
  findUserById,
  insertUser,
  type NewUser,
  normalizeEmail,
  prepareFindUserById,
  recordLogin,
  revokeTokens,
  setPassword,
  type UserWithMerchant,
} from './users.repository.js'
