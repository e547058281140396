// A console list read a page at a time: the first page on load and on every search, the next
// one appended by its "More …" button (keyset cursors, as every list route pages).
import type { StaffProblem, StaffResult } from './staff'

type Page<T> = { items: T[]; nextCursor: string | null }

export class MoreList<T> {
  items = $state<T[] | null>(null)
  nextCursor = $state<string | null>(null)

  constructor(
    private readonly fetchPage: (cursor: string | undefined) => Promise<StaffResult<Page<T>>>,
    private readonly onProblem: (problem: StaffProblem) => void,
  ) {}

  /** The first page (again), or with a cursor the page after it appended. */
  async load(cursor?: string): Promise<void> {
    const r = await this.fetchPage(cursor)
    if (r.problem) {
      this.onProblem(r.problem)
      return
    }
    this.items = cursor ? [...(this.items ?? []), ...r.data.items] : r.data.items
    this.nextCursor = r.data.nextCursor
  }

  more(): Promise<void> {
    return this.nextCursor ? this.load(this.nextCursor) : Promise.resolve()
  }
}

/** A list query: 50 a page, the filter's non-blank fields trimmed, and the cursor if any. */
export function pageQuery<K extends string>(
  filter: Record<K, string>,
  cursor?: string,
): { limit: number; cursor?: string } & Partial<Record<K, string>> {
  const fields = Object.entries<string>(filter)
    .filter(([, value]) => value.trim())
    .map(([key, value]) => [key, value.trim()])
  return {
    limit: 50,
    ...(Object.fromEntries(fields) as Partial<Record<K, string>>),
    ...(cursor ? { cursor } : {}),
  }
}
