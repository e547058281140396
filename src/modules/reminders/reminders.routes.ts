import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { CUSTOMERS, principalOf } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import type { CalendarService } from './calendar.service.js'
import { CalendarFeed, CalendarParams, CalendarRevoked, ReminderRunResult } from './reminders.schemas.js'
import type { RemindersService } from './reminders.service.js'

export async function remindersRoutes(
  base: FastifyInstance,
  { reminders, calendar }: { reminders: RemindersService; calendar: CalendarService },
): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/global/jobs/warranty-reminders',
    {
      config: { auth: { secret: 'cron' } },
      schema: {
        tags: ['reminders'],
        operationId: 'runWarrantyReminders',
        summary: 'Send the due warranty-expiry reminders (push, or e-mail to a customer without a device)',
        description:
          'Protected by the x-cron-secret header. Each reminder is sent once per warranty, expiry ' +
          'and device; calling again sends nothing new. Sends for a few seconds, then answers; ' +
          'the rest continues in the background (docs/reminders.md).',
        response: { 200: ReminderRunResult, ...errorResponses(401) },
      },
    },
    async () => reminders.run(),
  )

  app.post(
    '/v1/customer/calendar',
    {
      config: { auth: CUSTOMERS },
      schema: {
        tags: ['reminders'],
        operationId: 'createCalendarFeed',
        summary: "Create the customer's private calendar feed of warranty expiries, or replace its URL",
        description: 'A new URL each call: the previous one stops working.',
        response: { 200: CalendarFeed, ...errorResponses(401, 403) },
      },
    },
    async (request) => calendar.create(principalOf(request).userId),
  )

  app.delete(
    '/v1/customer/calendar',
    {
      config: { auth: CUSTOMERS },
      schema: {
        tags: ['reminders'],
        operationId: 'revokeCalendarFeed',
        summary: "Revoke the customer's calendar feed (its URL answers 404 from now on)",
        response: { 200: CalendarRevoked, ...errorResponses(401, 403) },
      },
    },
    async (request) => calendar.revoke(principalOf(request).userId),
  )

  app.get(
    '/v1/global/calendar/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['reminders'],
        operationId: 'getCalendarFeed',
        summary: 'A private calendar feed (RFC 5545): one event per warranty expiry, with an alarm',
        params: CalendarParams,
        response: {
          200: {
            description: 'The feed',
            content: { 'text/calendar': { schema: Type.String() } },
          },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const body = await calendar.feed(request.params.token)
      reply
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/calendar; charset=utf-8')
      return body
    },
  )
}
