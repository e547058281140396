import type { Deps } from '../../deps.js'
import type { MailOutbox } from '../mail/mail.service.js'

export class SenderAddressesService {
  constructor(
    readonly deps: Deps,
    readonly shared: { mailOutbox: MailOutbox },
  ) {}
}
