/** Customers and their claim links, as issuing creates them. */
export {
  createClaimLink,
  expireOpenClaimLinks,
  findOrCreateCustomer,
  isStaffEmail,
} from './customers.repository.js'
