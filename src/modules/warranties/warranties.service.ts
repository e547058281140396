import type { Deps } from '../../deps.js'
import type { MailOutbox } from '../mail/mail.service.js'

export class WarrantiesService {
  constructor(
    readonly deps: Deps,
    readonly shared: { mailOutbox: MailOutbox },
  ) {}
}
