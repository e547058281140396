/** Users of every role: the rows other features read and write through these functions. */
export {
  findUserByEmail,
  findUserById,
  insertUser,
  type NewUser,
  normalizeEmail,
  prepareFindUserById,
  recordLogin,
  setPassword,
  type UserWithMerchant,
} from './users.repository.js'
