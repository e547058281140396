import { Type } from 'typebox'
import { Value } from 'typebox/value'
import type { Db } from '../../db/client.js'
import { defineJob } from '../../jobs/queue.js'
import { recordLogin } from '../users/index.js'
import { RECORD_LOGIN_JOB } from './auth.service.js'

const RecordLogin = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  at: Type.String({ format: 'date-time' }),
})

/** Records a user's last login outside the request (idempotent: the latest time wins). */
export const recordLoginJob = (db: Db) =>
  defineJob<{ userId: string; at: string }>({
    name: RECORD_LOGIN_JOB,
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    async handler(data) {
      if (!Value.Check(RecordLogin, data)) return // a malformed payload can never succeed: drop it
      await recordLogin(db, data.userId, new Date(data.at))
    },
  })
