import { drainJob } from '../../jobs/queue.js'
import { DELIVER_WEBHOOKS_JOB, type WebhookDispatcher } from './webhook-dispatch.js'

/** `webhooks.deliver`: delivers every due delivery; retries and backoff are kept on the rows. */
export const deliverWebhooksJob = (dispatcher: WebhookDispatcher) =>
  drainJob(DELIVER_WEBHOOKS_JOB, () => dispatcher.run(), 'webhooks delivered')
