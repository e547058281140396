import {
  button,
  checkLink,
  htmlLayout,
  paragraph,
  type RenderedMail,
  subjectLine,
  textLayout,
} from './layout.js'

export interface SenderVerificationData {
  merchantName: string
  /** The sender address being verified (this e-mail goes to it). */
  email: string
  /** `{PUBLIC_API_URL}/v1/global/sender-verify/{token}`, built by the caller. */
  verifyUrl: string
}

/** Asks the owner of a merchant's new sender address to confirm it. */
export function senderVerification(data: SenderVerificationData): RenderedMail {
  const verifyUrl = checkLink(data.verifyUrl, 'verifyUrl')
  const subject = subjectLine(`Confirm ${data.email} as a sender address for ${data.merchantName}`)
  const intro = `${data.merchantName} wants to use ${data.email} as a sender address on the warranty service.`
  const action = 'If this is your address and you agree, confirm it with this link:'
  const ignore = 'If you did not expect this, ignore this e-mail: nothing changes until the link is opened.'

  const text = textLayout(['Hello,', intro, `${action}\n${verifyUrl}`, ignore])
  const html = htmlLayout(subject, [
    paragraph('Hello,'),
    paragraph(intro),
    paragraph(action),
    button(verifyUrl, 'Confirm this address'),
    paragraph(ignore),
  ])
  return { subject, text, html }
}
