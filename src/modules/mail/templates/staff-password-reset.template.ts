import { button, checkLink, htmlLayout, paragraph, type RenderedMail, textLayout } from './layout.js'

export interface StaffPasswordResetData {
  /** `{APP_URL}/login/reset?token={token}`, built by the caller. */
  url: string
  expiresInMinutes: number
}

/** The console's "Forgot password?": a one-time link to choose a new password. */
export function staffPasswordReset(data: StaffPasswordResetData): RenderedMail {
  const url = checkLink(data.url, 'url')
  const subject = 'Reset your console password'
  const lines = [
    'Someone (we hope you) asked to reset the password of your warranty console account.',
    `Choose a new password with this link; it works once, for ${data.expiresInMinutes} minutes. Every device signed in to your account is signed out.`,
  ]
  const untouched = 'If it was not you, ignore this e-mail: your password stays as it is.'

  const text = textLayout(['Hello,', ...lines, url, untouched])
  const html = htmlLayout(subject, [
    paragraph('Hello,'),
    ...lines.map(paragraph),
    button(url, 'Choose a new password'),
    paragraph(untouched),
  ])
  return { subject, text, html }
}
