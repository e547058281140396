import { button, checkLink, htmlLayout, paragraph, type RenderedMail, textLayout } from './layout.js'

export interface MagicLinkData {
  /** `{APP_URL}/auth/magic?token={token}`, built by the caller. */
  url: string
  expiresInMinutes: number
}

/** The one-time sign-in link of request-access. */
export function magicLink(data: MagicLinkData): RenderedMail {
  const url = checkLink(data.url, 'url')
  const minutes = `${data.expiresInMinutes} minute${data.expiresInMinutes === 1 ? '' : 's'}`
  const subject = 'Your sign-in link'
  const intro = 'Use this link to sign in to your warranty wallet.'
  const expiry = `It works once and expires in ${minutes}.`
  const ignore = 'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.'

  const text = textLayout(['Hello,', `${intro} ${expiry}`, url, ignore])
  const html = htmlLayout(subject, [
    paragraph('Hello,'),
    paragraph(`${intro} ${expiry}`),
    button(url, 'Sign in'),
    paragraph(ignore),
  ])
  return { subject, text, html }
}
