// A small history router: the service answers index.html at every app path, and this picks
// the page. Links are ordinary <a href> elements; same-origin app links are intercepted.

export interface Location {
  path: string
  query: URLSearchParams
}

const here = (): Location => ({
  path: window.location.pathname,
  query: new URLSearchParams(window.location.search),
})

export const location = $state<{ current: Location }>({ current: here() })

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to)
  else history.pushState(null, '', to)
  location.current = here()
  window.scrollTo(0, 0)
}

/** The merchant and admin console's paths (its own shell, loaded only there). */
export const isConsolePath = (path: string) => /^\/(login|account|merchant|admin|provider)(\/|$)/.test(path)

/** Paths the app shows itself; anything else (the API, raw IPFS files) is a real navigation. */
const APP_PATH =
  /^\/($|claim|claims|auth\/magic|signin|wallet|receipts|profile|verify|register|login|account|merchant|admin|provider)(\/|$|\?)/

export function startRouter(): void {
  window.addEventListener('popstate', () => {
    location.current = here()
  })
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    const anchor = (event.target as Element | null)?.closest?.('a')
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return
    const url = new URL(anchor.href, window.location.href)
    if (url.origin !== window.location.origin || !APP_PATH.test(url.pathname)) return
    event.preventDefault()
    navigate(url.pathname + url.search)
  })
}

/** `/wallet/abc` against `/wallet/:id` → `{ id: 'abc' }`, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/')
  const got = path.replace(/\/$/, '').split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? ''
    const g = got[i] ?? ''
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g)
    else if (w !== g) return null
  }
  return params
}
