import { afterAll } from 'vitest'
import { stopWorld } from './support/world.js'

// The browser tests: one service, one SMTP sink and one Chromium for every suite (starting
// them is most of a suite's set-up time). `npm run test:browser`.
import './journey.suite.js'
import './console.suite.js'
import './themes.suite.js'

afterAll(() => stopWorld())
