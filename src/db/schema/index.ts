export * from './merchants.js'
export * from './users.js'
