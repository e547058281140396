import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../support/factories.js'
import { linksIn, type SinkMessage } from '../support/smtp-sink.js'
import { DESKTOP, expectCleanPage, freshPage, PHONE, textOf } from './support/browser.js'
import { sharedWorld, stopWorld, type World } from './support/world.js'

// Staff accounts by e-mail in Chromium against the real service (docs/console.md): an admin
// invites an admin on the Admins page, the invitation e-mail's link sets the password and signs
// in; "Forgot password?" e-mails a link that sets a new one, and the used link says so.
// `BROWSER_TESTS=1 npx vitest run --project browser test/browser/staff-access.test.ts`
let world: World
let admin: TestUser
const suffix = Math.random().toString(36).slice(2, 8)
const invitee = `new-admin-${suffix}@platform.example.com`

beforeAll(async () => {
  world = await sharedWorld()
  admin = await createUser(world.svc.deps, { role: 'ADMIN', email: `root-${suffix}@platform.example.com` })
}, 120_000)

afterAll(() => stopWorld())

const to = (email: string) => (m: SinkMessage) => m.envelope.to.includes(email)

async function linkFromMail(email: string, prefix: string, after = 0): Promise<string> {
  const { sink } = world
  const message = await sink.waitForMessage((m) => to(email)(m) && sink.messages.indexOf(m) >= after, 20_000)
  const link = linksIn(message).find((l) => l.startsWith(prefix))
  if (!link) throw new Error(`no ${prefix} link in ${linksIn(message).join(', ')}`)
  return link
}

async function choosePassword(page: Page, password: string, button: string) {
  await page
    .getByLabel(/password$/i)
    .first()
    .fill(password)
  await page.getByLabel('The same password again').fill(password)
  await page.getByRole('button', { name: button }).click()
}

describe('staff accounts by e-mail', () => {
  it('an admin invites an admin; the invited person chooses a password through the e-mailed link', async () => {
    const { context, page, watched } = await freshPage(world.browser, DESKTOP)
    await page.goto(`${world.base}/login`)
    await page.getByLabel('E-mail address').fill(admin.email)
    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${world.base}/admin`)
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Admins' }).click()
    await page.getByRole('heading', { level: 1, name: 'Admins' }).waitFor()
    await page.getByLabel('Name', { exact: true }).fill('Nina New')
    await page.getByLabel('E-mail address').fill(invitee)
    await page.getByRole('button', { name: 'Send the invitation' }).click()
    await page.getByText(`An invitation is on its way to ${invitee}`).waitFor()
    await page.getByRole('row', { name: /Nina New/ }).waitFor()
    expect(await textOf(page.getByRole('row', { name: /Nina New/ }))).toMatch(/Invited/)
    await expectCleanPage(page, watched)
    await context.close()

    const link = await linkFromMail(invitee, `${world.base}/login/invitation?token=`)
    const phone = await freshPage(world.browser, PHONE)
    await phone.page.goto(link)
    await phone.page.getByRole('heading', { level: 1, name: 'Accept your invitation' }).waitFor()
    await phone.page.getByText(invitee).waitFor()
    await expectCleanPage(phone.page, phone.watched)
    await choosePassword(phone.page, 'nina-chose-this-1', 'Accept and sign in')
    await phone.page.waitForURL(`${world.base}/admin`)
    await expectCleanPage(phone.page, phone.watched)
    await phone.context.close()
  })

  it('"Forgot password?" e-mails a link; the new password signs in; the used link says so', async () => {
    const { context, page, watched } = await freshPage(world.browser, PHONE)
    await page.goto(`${world.base}/login`)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor()
    const before = world.sink.messages.length
    await page.getByLabel('E-mail address').fill(admin.email)
    await page.getByRole('button', { name: 'Send the link' }).click()
    await page.getByText(/an e-mail with a link to choose a new password is on its way/).waitFor()
    await expectCleanPage(page, watched)

    const link = await linkFromMail(admin.email, `${world.base}/login/reset?token=`, before)
    await page.goto(link)
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor()
    await expectCleanPage(page, watched)
    await choosePassword(page, 'root-chose-anew-1', 'Save and sign in')
    await page.waitForURL(`${world.base}/admin`)

    watched.allow(/401 GET .*\/v1\/auth\/reset-password\?token=/)
    await page.goto(link)
    await page.getByText('This link was already used.').waitFor()
    await expectCleanPage(page, watched)
    await context.close()
  })
})
