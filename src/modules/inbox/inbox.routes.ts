import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../errors.js'
import { errorResponses } from '../../http/schemas.js'
import {
  InboundEmailHeaders,
  InboundEmailQuery,
  InboundEmailResult,
  RawMessageBody,
} from './inbox.schemas.js'
import type { InboxService } from './inbox.service.js'
import { InboxRefusal } from './inbox-refusal.js'

const MESSAGE_TYPE = 'message/rfc822'

/** `POST /v1/global/inbound-email`: the inbox for a mail provider's webhook (docs/inbound-mail.md#http). */
export async function inboxRoutes(
  base: FastifyInstance,
  { inbox, maxMessageBytes }: { inbox: InboxService; maxMessageBytes: number },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()
  // The raw message, kept as bytes (DKIM is verified over them); only in this plugin.
  app.addContentTypeParser(
    MESSAGE_TYPE,
    { parseAs: 'buffer', bodyLimit: maxMessageBytes },
    (_request, body, done) => done(null, body),
  )

  app.post(
    '/v1/global/inbound-email',
    {
      // The auth guard checks INBOUND_EMAIL_SECRET (x-inbound-secret) on request, before the body is read.
      config: { auth: { secret: 'inbound' } },
      bodyLimit: maxMessageBytes,
      // The body is bytes, not JSON: its schema documents it and is not validated as a value.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => true : TypeBoxValidatorCompiler(route),
      schema: {
        tags: ['inbox'],
        operationId: 'receiveInboundEmail',
        summary:
          'Receive a raw e-mail for a customer inbox address (for a mail provider that receives the mail)',
        description:
          'The body is the message exactly as received (Content-Type: message/rfc822), `to` the envelope ' +
          'recipient (an inbox address), `from` the envelope sender, `ip` and `helo` the sending client as the ' +
          'provider saw it (SPF; without `ip` only DKIM counts). Protected by the x-inbound-secret header ' +
          '(INBOUND_EMAIL_SECRET; unset: always 401). The same checks and exactly-once rule as the SMTP ' +
          'listener apply (docs/inbound-mail.md); a redelivered message answers `duplicate: true`.',
        headers: InboundEmailHeaders,
        querystring: InboundEmailQuery,
        body: RawMessageBody,
        response: { 200: InboundEmailResult, ...errorResponses(400, 401, 403, 404, 413, 503) },
      },
    },
    async (request) => {
      const { to, from, ip, helo } = request.query
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError(
          'validation_error',
          `Send the raw message as the body, Content-Type: ${MESSAGE_TYPE}`,
        )
      }
      try {
        const [result] = await inbox.deliver({
          raw: request.body,
          recipients: [to],
          mailFrom: from || null,
          ip: ip ?? null,
          helo: helo ?? null,
        })
        if (!result) throw new Error('no delivery result')
        return result
      } catch (err) {
        throw err instanceof InboxRefusal ? err.toAppError() : err
      }
    },
  )
}
