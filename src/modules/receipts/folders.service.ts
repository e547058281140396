import type { Static } from 'typebox'
import type { Db } from '../../db/client.js'
import { isUniqueViolation } from '../../db/sql-helpers.js'
import { AppError } from '../../errors.js'
import { type PageRequest, type PageResult, paginate } from '../../http/pagination.js'
import {
  deleteFolder,
  type FolderRow,
  findFolder,
  insertFolder,
  listFolders,
  renameFolder,
} from './folders.repository.js'
import type { FolderDeleted, FolderView } from './folders.schemas.js'

export const folderNotFound = () => new AppError('not_found', 'No such folder')
const nameTaken = () => new AppError('conflict', 'You already have a folder with this name')

const toFolder = (row: FolderRow): FolderView => ({
  id: row.id,
  name: row.name,
  receiptCount: row.receiptCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** A customer's receipt folders: names unique per customer (any case); always the caller's own. */
export class FoldersService {
  constructor(private readonly deps: { db: Db }) {}

  async list(customerId: string, query: PageRequest): Promise<PageResult<FolderView>> {
    return paginate(query, (window) => listFolders(this.deps.db, customerId, window), toFolder)
  }

  /** The name trimmed; taken (any case): 409 conflict. */
  async create(customerId: string, name: string): Promise<FolderView> {
    const row = await insertFolder(this.deps.db, customerId, cleanName(name))
    if (!row) throw nameTaken()
    return toFolder(row)
  }

  async rename(customerId: string, id: string, name: string): Promise<FolderView> {
    try {
      if (!(await renameFolder(this.deps.db, customerId, id, cleanName(name)))) throw folderNotFound()
    } catch (err) {
      if (isUniqueViolation(err, 'receipt_folders_name_unique')) throw nameTaken()
      throw err
    }
    const row = await findFolder(this.deps.db, customerId, id)
    if (!row) throw folderNotFound()
    return toFolder(row)
  }

  /** Deletes the folder; its receipts stay, in no folder. */
  async remove(customerId: string, id: string): Promise<Static<typeof FolderDeleted>> {
    const result = await this.deps.db.transaction((tx) => deleteFolder(tx, customerId, id))
    if (!result) throw folderNotFound()
    return { id, deleted: true, ...result }
  }
}

/** Surrounding white space dropped; a name of only white space is refused (400). */
function cleanName(name: string): string {
  const trimmed = name.trim()
  if (trimmed.length === 0) {
    throw new AppError('validation_error', undefined, [{ path: '/body/name', message: 'must not be blank' }])
  }
  return trimmed
}
