import {
  bothDates,
  button,
  checkLink,
  htmlLayout,
  paragraph,
  type RenderedMail,
  subjectLine,
  textLayout,
} from './layout.js'

export interface StaffInvitationData {
  /** `{APP_URL}/login/invitation?token={token}`, built by the caller. */
  url: string
  /** Who sent it (their name, else their e-mail address). */
  inviterName: string
  /** "a merchant user of Nordlicht Electronics", "an administrator of the platform", … */
  roleDescription: string
  expiresAt: Date
}

/** Invites a new staff user to the console: they choose their own password through the link. */
export function staffInvitation(data: StaffInvitationData): RenderedMail {
  const url = checkLink(data.url, 'url')
  const subject = subjectLine(`${data.inviterName} invited you to the warranty console`)
  const intro = `${data.inviterName} invited you to the warranty console as ${data.roleDescription}.`
  const action = `Choose your password with this link to accept. It works once, until ${bothDates(data.expiresAt)}.`
  const ignore =
    'If you did not expect this invitation, ignore this e-mail: no account can be used without the link.'

  const text = textLayout(['Hello,', intro, `${action}\n${url}`, ignore])
  const html = htmlLayout(subject, [
    paragraph('Hello,'),
    paragraph(intro),
    paragraph(action),
    button(url, 'Accept the invitation'),
    paragraph(ignore),
  ])
  return { subject, text, html }
}
