import { Type } from 'typebox'

const count = (description: string) => Type.Integer({ minimum: 0, description })

export const ReminderRunResult = Type.Object(
  {
    warranties: count(
      "Claimed, unexpired warranties within their customer's reminderDaysBeforeExpiry, found by this call",
    ),
    sent: count(
      'Reminders delivered by this call (a push accepted by the provider, an e-mail queued); ' +
        'what did not fit in the time budget continues in the background',
    ),
    failed: count('Reminders given up by this call (device gone, refused, last attempt)'),
  },
  { title: 'ReminderRunResult', additionalProperties: false },
)

export const CalendarFeed = Type.Object(
  {
    url: Type.String({ description: 'The private feed (https): anyone holding it can read it' }),
    webcalUrl: Type.String({ description: 'The same feed as a webcal:// link, for calendar apps' }),
  },
  { title: 'CalendarFeed', additionalProperties: false },
)

export const CalendarRevoked = Type.Object({ revoked: Type.Literal(true) }, { additionalProperties: false })

export const CalendarParams = Type.Object(
  {
    token: Type.String({
      minLength: 16,
      maxLength: 200,
      description: 'The token of the feed URL, usually with its ".ics" ending',
    }),
  },
  { additionalProperties: false },
)
