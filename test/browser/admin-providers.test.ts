import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../support/factories.js'
import { DESKTOP, expectCleanPage, freshPage, PHONE } from './support/browser.js'
import { sharedWorld, stopWorld, type World } from './support/world.js'

// The admin's service-provider pages of the console (docs/console.md, Service providers) in
// Chromium against the real service: create a provider, add its user, suspend and reactivate it.
// `BROWSER_TESTS=1 npx vitest run --project browser test/browser/admin-providers.test.ts`
let world: World
let admin: TestUser
const suffix = Math.random().toString(36).slice(2, 8)
const providerName = `Quayside Repairs ${suffix}`
let providerPath = ''

beforeAll(async () => {
  world = await sharedWorld()
  admin = await createUser(world.svc.deps, { role: 'ADMIN', email: `root-${suffix}@platform.example.com` })
}, 120_000)

afterAll(() => stopWorld())

async function signIn(page: Page) {
  await page.goto(`${world.base}/login`)
  await page.getByLabel('E-mail address').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${world.base}/admin`)
}

describe('the admin service-provider pages', () => {
  it('an admin creates a provider, adds a user, suspends and reactivates it', async () => {
    const { context, page, watched } = await freshPage(world.browser, DESKTOP)
    await signIn(page)
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Service providers', exact: true })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Service providers' }).waitFor()
    await expectCleanPage(page, watched)

    await page.getByLabel('Name', { exact: true }).fill(providerName)
    await page.getByLabel('Contact e-mail').fill(`desk-${suffix}@quayside.example.com`)
    await page.getByRole('button', { name: 'Create the provider' }).click()
    await page.getByRole('heading', { level: 1, name: providerName }).waitFor()
    providerPath = new URL(page.url()).pathname
    expect(providerPath).toMatch(/^\/admin\/providers\/[0-9a-f-]{36}$/)
    await page.getByText('Service provider created.').waitFor()
    await expectCleanPage(page, watched)

    const userEmail = `tech-${suffix}@quayside.example.com`
    await page.getByLabel('Name', { exact: true }).nth(1).fill('Tomas Technician')
    await page.getByLabel('E-mail address').fill(userEmail)
    await page.getByLabel(/Choose their password here/).check()
    await page.getByLabel('First password').fill('tech-secret-1')
    await page.getByRole('button', { name: 'Add the user' }).click()
    await page.getByText(`${userEmail} can now sign in`).waitFor()
    await page.getByRole('cell', { name: userEmail, exact: true }).waitFor()
    await expectCleanPage(page, watched)

    // The user's access: suspend after a confirmation, then reactivate.
    await page.getByRole('button', { name: `Suspend ${userEmail}` }).click()
    await page.getByRole('button', { name: 'Yes, suspend' }).click()
    await page.getByText(`${userEmail} is suspended and signed out.`).waitFor()
    await page.getByRole('button', { name: `Reactivate ${userEmail}` }).click()
    await page.getByRole('button', { name: 'Yes, reactivate' }).click()
    await page.getByText(`${userEmail} is active again and can sign in.`).waitFor()

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Suspend the provider' }).click()
    await page.getByText(`${providerName} is suspended.`).waitFor()
    await expectCleanPage(page, watched)

    await page.getByRole('link', { name: '← All service providers' }).click()
    await page.getByLabel('Find a service provider').fill(providerName)
    await page.getByRole('button', { name: 'Find' }).click()
    const row = page.getByRole('row').filter({ hasText: providerName })
    await row.getByText('Suspended').waitFor()
    await page.getByLabel('Status').selectOption('SUSPENDED')
    await row.getByText('Suspended').waitFor()
    await expectCleanPage(page, watched)

    await row.getByRole('link', { name: providerName }).click()
    await page.getByRole('heading', { level: 1, name: providerName }).waitFor()
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Reactivate the provider' }).click()
    await page.getByText(`${providerName} is active again.`).waitFor()
    await page.getByRole('button', { name: 'Suspend the provider' }).waitFor()
    await context.close()
  })

  it('both pages on a phone and a desktop: no serious axe violation, no sideways scrolling', async () => {
    expect(providerPath).not.toBe('')
    for (const device of [PHONE, DESKTOP]) {
      const { context, page, watched } = await freshPage(world.browser, device)
      await signIn(page)
      for (const path of ['/admin/providers', providerPath]) {
        await page.goto(`${world.base}${path}`)
        await page.getByRole('heading', { level: 1 }).waitFor()
        await page.getByRole('table').first().waitFor()
        await expectCleanPage(page, watched)
        const overflow = await page.evaluate(() => {
          const doc = (
            globalThis as unknown as {
              document: { documentElement: { scrollWidth: number; clientWidth: number } }
            }
          ).document.documentElement
          return doc.scrollWidth - doc.clientWidth
        })
        expect(overflow, `no sideways scrolling at ${path}`).toBe(0)
      }
      await context.close()
    }
  })
})
