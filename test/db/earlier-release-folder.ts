import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { fromPglite, PgBoss } from 'pg-boss'
import { migrationsFolder } from '../../src/paths.js'

/** Every public table but drizzle's bookkeeping (which is in its own schema anyway). */
export const PUBLIC_TABLES_SQL = `select table_name as name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`

/**
 * One realistic row per table of the schema (two users of each kind a row needs), foreign keys
 * respected: the earlier release's database as a merchant, its staff and customers left it.
 */
export const ROWS_SQL = `
insert into merchants (id, name, tax_id, address, phone, contact_email, status, created_at, updated_at) values
  ('10000000-0000-4000-8000-000000000001', 'Nordlicht Electronics GmbH', 'DE123456789', 'Hauptstr. 1, 10115 Berlin',
   '+49 30 1234567', 'service@nordlicht.example', 'ACTIVE', '2025-03-01 09:00:00.123+00', '2025-03-02 10:00:00+00');
insert into users (id, email, password_hash, name, role, status, merchant_id, merchant_role, admin_role, token_version, last_login_at) values
  ('20000000-0000-4000-8000-000000000001', 'ops@warranty.example', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'Operator', 'ADMIN', 'ACTIVE', null, null, 'SUPER_ADMIN', 0, '2025-03-05 08:00:00+00'),
  ('20000000-0000-4000-8000-000000000002', 'anna@nordlicht.example', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'Anna Berg', 'MERCHANT_USER', 'ACTIVE', '10000000-0000-4000-8000-000000000001', 'OWNER', null, 2, null),
  ('20000000-0000-4000-8000-000000000003', 'jonas@mail.example', null, 'Jonas Weber', 'CUSTOMER', 'ACTIVE', null, null, null, 0, null),
  ('20000000-0000-4000-8000-000000000004', 'mia@mail.example', null, 'Mia Lang', 'CUSTOMER', 'ACTIVE', null, null, null, 1, null);
insert into service_providers (id, name, contact_email, phone, address, status, created_at, updated_at) values
  ('11000000-0000-4000-8000-000000000001', 'Werkstatt Kaiser', 'desk@kaiser.example', '+49 30 7654321',
   'Ringstr. 9, 10117 Berlin', 'ACTIVE', '2025-03-03 09:00:00.456+00', '2025-03-03 09:00:00.456+00');
insert into users (id, email, password_hash, name, role, status, service_provider_id, token_version) values
  ('20000000-0000-4000-8000-000000000005', 'tom@kaiser.example', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'Tom Kaiser', 'SERVICE_PROVIDER', 'ACTIVE', '11000000-0000-4000-8000-000000000001', 0);
insert into merchant_service_providers (merchant_id, service_provider_id, created_at) values
  ('10000000-0000-4000-8000-000000000001', '11000000-0000-4000-8000-000000000001', '2025-03-04 11:00:00+00');
insert into audit_log (actor_id, actor_email, action, target_type, target_id, before, after, request_id) values
  ('20000000-0000-4000-8000-000000000001', 'ops@warranty.example', 'merchant.create', 'merchant',
   '10000000-0000-4000-8000-000000000001', null, '{"name": "Nordlicht Electronics GmbH"}', 'req-7f3a');
insert into global_products (id, brand, model, category, gtin, image_url) values
  ('30000000-0000-4000-8000-000000000001', 'Kestrel', 'K-900 Espresso', 'kitchen', '04012345678901', 'https://img.example/k900.png');
insert into merchant_products (id, merchant_id, merchant_sku, title, gtin, price, warranty_duration_months, global_product_id) values
  ('31000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'NL-K900', 'Kestrel K-900 Espresso',
   '04012345678901', 1299.90, 24, '30000000-0000-4000-8000-000000000001');
insert into mint_batches (id, status, chain_id, contract_address, start_token_id, quantity, metadata_dir_cid, tx_hash, nonce, block_number, sent_at, confirmed_at) values
  ('40000000-0000-4000-8000-000000000001', 'CONFIRMED', 31337, '0x5fbdb2315678afecb367f032d93f642f64180aa3', 1, 1,
   'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi', '0x' || repeat('ab', 32), 0, 12, '2025-03-10 12:00:00+00', '2025-03-10 12:00:05+00');
insert into warranty_imports (id, merchant_id, created_by, state, bytes, sha256, lines, chunks, cursor, processed, created, failed, finished_at) values
  ('50000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002',
   'DONE', 412, repeat('c', 64), 2, 1, 1, 2, 1, 1, '2025-03-09 09:30:00+00');
insert into warranty_import_chunks (import_id, seq, records) values
  ('50000000-0000-4000-8000-000000000001', 0, '[{"serialNumber":"K9-0001"},{"serialNumber":""}]');
insert into warranty_import_errors (import_id, line, code, message, details) values
  ('50000000-0000-4000-8000-000000000001', 2, 'VALIDATION', 'serialNumber is required', '{"field": "serialNumber"}');
insert into warranties (id, merchant_id, warranty_code, serial_number, merchant_product_id, global_product_id, customer_id,
    customer_email, customer_name, invoice_number, purchase_price, purchase_date, warranty_duration_months, expires_at, issued_by,
    claimed_at, mint_status, mint_attempts, mint_batch_id, token_id, tx_hash, block_number, chain_id, contract_address,
    metadata_cid, minted_at, import_id, import_line) values
  ('60000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'WR-7K2D-9QPL-3XMB', 'K9-0001',
   '31000000-0000-4000-8000-000000000001', '30000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003',
   'jonas@mail.example', 'Jonas Weber', 'INV-2025-0042', 1299.90, '2025-03-08 15:00:00+00', 24, '2027-03-08 15:00:00+00',
   '20000000-0000-4000-8000-000000000002', '2025-03-09 18:00:00+00', 'MINTED', 1, '40000000-0000-4000-8000-000000000001', 1,
   '0x' || repeat('ab', 32), 12, 31337, '0x5fbdb2315678afecb367f032d93f642f64180aa3',
   'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku', '2025-03-10 12:00:05+00', '50000000-0000-4000-8000-000000000001', 1);
insert into mail_messages (template, data, to_address, message_id, status, attempts, sent_at, subject_type, subject_id) values
  ('warranty-issued', '{"warrantyCode": "WR-7K2D-9QPL-3XMB", "locale": "de"}', 'jonas@mail.example',
   '<a1b2c3@warranty.example>', 'SENT', 1, '2025-03-08 15:00:02+00', 'warranty', '60000000-0000-4000-8000-000000000001');
insert into sender_addresses (merchant_id, email, verified_at) values
  ('10000000-0000-4000-8000-000000000001', 'service@nordlicht.example', '2025-03-02 11:00:00+00');
insert into claim_links (token_hash, customer_id, merchant_id, warranty_id, expires_at, consumed_at) values
  (repeat('d', 64), '20000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000001',
   '60000000-0000-4000-8000-000000000001', '2025-03-15 15:00:00+00', '2025-03-09 18:00:00+00');
insert into idempotency_keys (merchant_id, key, request_hash, response_status, response_body, expires_at) values
  ('10000000-0000-4000-8000-000000000001', 'order-42', repeat('e', 64), 201, '{"id": "60000000-0000-4000-8000-000000000001"}', '2025-03-09 15:00:00+00');
insert into customer_profiles (user_id, subscription_tier, reminder_days_before_expiry, calendar_token_hash, verified_at, language) values
  ('20000000-0000-4000-8000-000000000003', 'PAID', 14, repeat('f', 64), '2025-03-09 18:00:00+00', 'de'),
  ('20000000-0000-4000-8000-000000000004', 'FREE', 7, null, null, null);
insert into inbox_addresses (id, customer_id, local_part) values
  ('70000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', 'jonas.k7q2');
insert into magic_links (token_hash, customer_id, expires_at, used_at) values
  (repeat('1', 64), '20000000-0000-4000-8000-000000000003', '2025-03-09 18:15:00+00', '2025-03-09 18:01:00+00');
insert into staff_links (user_id, kind, token_hash, expires_at, used_at, created_by) values
  ('20000000-0000-4000-8000-000000000002', 'PASSWORD_RESET', repeat('2', 64), '2025-03-09 18:30:00+00', null, null);
insert into push_devices (id, customer_id, token, platform) values
  ('71000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', 'apns-token-0a1b2c', 'ios');
insert into reminder_sends (warranty_id, expires_at, channel, target, device_id, status, attempts, sent_at) values
  ('60000000-0000-4000-8000-000000000001', '2027-03-08 15:00:00+00', 'push', 'apns-token-0a1b2c',
   '71000000-0000-4000-8000-000000000001', 'PENDING', 0, null);
insert into blobs (key, content_type, byte_size) values
  ('receipts/2025/03/k900.jpg', 'image/jpeg', 183204), ('receipts/2025/03/k900.thumb.webp', 'image/webp', 9120);
insert into inbound_messages (id, customer_id, inbox_address_id, message_id, from_address, subject, receipt_count) values
  ('72000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', '70000000-0000-4000-8000-000000000001',
   '<rcpt-991@shop.example>', 'orders@shop.example', 'Ihre Rechnung INV-2025-0042', 1);
insert into receipt_folders (id, customer_id, name) values
  ('73000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', 'Küche');
insert into receipts (id, customer_id, folder_id, image_key, thumbnail_key, content_type, byte_size, width, height, ocr_data,
    ocr_status, search_text, source, inbound_message_id, suggested_warranty_id, warranty_id) values
  ('74000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', '73000000-0000-4000-8000-000000000001',
   'receipts/2025/03/k900.jpg', 'receipts/2025/03/k900.thumb.webp', 'image/jpeg', 183204, 1200, 1600,
   '{"total": "1299.90", "merchant": "Nordlicht"}', 'DONE', 'nordlicht k-900 1299,90', 'email',
   '72000000-0000-4000-8000-000000000001', '60000000-0000-4000-8000-000000000001', '60000000-0000-4000-8000-000000000001');
insert into receipt_shares (receipt_id, customer_id, token_hash, to_email, expires_at) values
  ('74000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', repeat('2', 64), 'tax@advisor.example', '2025-04-09 18:00:00+00');
insert into webhook_endpoints (id, merchant_id, url, events, secret, status) values
  ('75000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 'https://erp.nordlicht.example/hooks',
   '{warranty.issued,warranty.minted}', 'whsec_' || repeat('9', 32), 'ACTIVE');
insert into webhook_deliveries (endpoint_id, event_id, event_type, payload, status, attempts, last_status_code, delivered_at) values
  ('75000000-0000-4000-8000-000000000001', '76000000-0000-4000-8000-000000000001', 'warranty.minted',
   '{"warrantyId": "60000000-0000-4000-8000-000000000001", "tokenId": 1}', 'DELIVERED', 1, 204, '2025-03-10 12:00:07+00');
insert into certificate_holders (warranty_id, token_id, holder, block_number) values
  ('60000000-0000-4000-8000-000000000001', 1, '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', 14);
insert into customer_wallets (customer_id, address, chain_id) values
  ('20000000-0000-4000-8000-000000000003', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', 31337);
insert into certificate_transfers (warranty_id, customer_id, token_id, to_address, status, tx_hash, nonce, block_number, attempts, confirmed_at) values
  ('60000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', 1, '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
   'CONFIRMED', '0x' || repeat('cd', 32), 1, 14, 1, '2025-03-11 09:00:00+00');
insert into owner_changes (warranty_id, kind, from_customer_id, to_customer_id, from_address, to_address, tx_hash) values
  ('60000000-0000-4000-8000-000000000001', 'EXPORT', '20000000-0000-4000-8000-000000000003', null,
   '0x5fbdb2315678afecb367f032d93f642f64180aa3', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0x' || repeat('cd', 32));
insert into resale_offers (warranty_id, from_customer_id, to_customer_id, status) values
  ('60000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', '20000000-0000-4000-8000-000000000004', 'OPEN');
insert into wallet_nonces (customer_id, nonce_hash, expires_at, used_at) values
  ('20000000-0000-4000-8000-000000000003', repeat('3', 64), '2025-03-11 08:10:00+00', '2025-03-11 08:01:00+00');
insert into chain_cursors (name, block_number, block_hash) values ('certificate-transfers', 14, '0x' || repeat('ef', 32));
insert into anchor_batches (id, seq, status, root, manifest_cid, count, tx_hash, block_number) values
  ('77000000-0000-4000-8000-000000000001', 1, 'CONFIRMED', '0x' || repeat('12', 32),
   'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', 1, '0x' || repeat('34', 32), 20);
insert into service_events (warranty_id, merchant_id, recorded_by, kind, description, cid, leaf, anchor_batch_id, leaf_index) values
  ('60000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002',
   'REPAIRED', 'Pump replaced under warranty', 'bafkreie5kd3pj2ws3lsz2l5u2bqfvmr3xrf4wy4sd5g6bs5c5sytqwfx3u',
   '0x' || repeat('56', 32), '77000000-0000-4000-8000-000000000001', 0);
insert into merchant_email_usage (merchant_id, day, sent) values ('10000000-0000-4000-8000-000000000001', '2025-03-08', 3);
insert into claim_settings (merchant_id, auto_approve_within_days, auto_approve_product_ids, repair_extension_days) values
  ('10000000-0000-4000-8000-000000000001', 14, array['31000000-0000-4000-8000-000000000001']::uuid[], 90);
insert into claims (id, merchant_id, customer_id, warranty_id, service_provider_id, status, category, description, receipt_id,
    decision_note, auto_approved, diagnosis, status_changed_at) values
  ('78000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003',
   '60000000-0000-4000-8000-000000000001', '11000000-0000-4000-8000-000000000001', 'IN_REPAIR', 'NOT_WORKING',
   'Die Pumpe läuft nicht mehr', '74000000-0000-4000-8000-000000000001', null, false, 'Pumpe defekt', '2025-03-12 10:00:00+00');
insert into claim_transitions (claim_id, from_status, to_status, actor_id, actor_party, note) values
  ('78000000-0000-4000-8000-000000000001', null, 'SUBMITTED', '20000000-0000-4000-8000-000000000003', 'CUSTOMER', null),
  ('78000000-0000-4000-8000-000000000001', 'SUBMITTED', 'APPROVED', '20000000-0000-4000-8000-000000000002', 'MERCHANT', 'Covered');
insert into claim_messages (id, claim_id, author_id, author_party, body) values
  ('79000000-0000-4000-8000-000000000001', '78000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003',
   'CUSTOMER', 'Foto anbei');
insert into claim_pushes (claim_id, device_id, title, body, status, attempts, sent_at) values
  ('78000000-0000-4000-8000-000000000001', (select id from push_devices limit 1), 'Claim for K-900',
   'Your product is being repaired.', 'SENT', 1, '2025-03-12 10:00:02+00');
insert into claim_photos (claim_id, message_id, content_type, width, height, image_key, thumbnail_key) values
  ('78000000-0000-4000-8000-000000000001', '79000000-0000-4000-8000-000000000001', 'image/jpeg', 1200, 1600,
   'receipts/2025/03/k900.jpg', 'receipts/2025/03/k900.thumb.webp');
insert into registration_settings (merchant_product_id, merchant_id, enabled, coverage_months, coverage_start,
    auto_approve_max_age_days, require_known_serial) values
  ('31000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', true, 24, 'PURCHASE_DATE', 30, true);
insert into registration_serials (merchant_product_id, serial_key) values
  ('31000000-0000-4000-8000-000000000001', 'k900-0001'), ('31000000-0000-4000-8000-000000000001', 'k900-0002');
insert into registration_serial_uploads (id, merchant_id, merchant_product_id, created_by, state, lines, chunks, cursor,
    processed, added, duplicates, failed, finished_at) values
  ('7a000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', '31000000-0000-4000-8000-000000000001',
   '20000000-0000-4000-8000-000000000002', 'RUNNING', 3, 2, 1, 2, 2, 0, 0, null);
insert into registration_serial_upload_chunks (upload_id, seq, lines) values
  ('7a000000-0000-4000-8000-000000000001', 1, '[[4,"K900 0003"]]');
insert into registration_serial_upload_errors (upload_id, line, code, message) values
  ('7a000000-0000-4000-8000-000000000001', 4, 'invalid_serial', 'is not a GS1 serial (AI 21)');
insert into product_registrations (id, merchant_id, merchant_product_id, customer_id, serial_number, serial_key, receipt_id,
    purchase_date, shop, status, review_reason, auto_approved, warranty_id, decided_at) values
  ('7b000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', '31000000-0000-4000-8000-000000000001',
   '20000000-0000-4000-8000-000000000003', 'K900-0001', 'k900-0001', '74000000-0000-4000-8000-000000000001',
   '2025-03-08 00:00:00+00', 'Nordlicht Berlin', 'APPROVED', null, true, '60000000-0000-4000-8000-000000000001',
   '2025-03-09 10:00:00+00');
`

/**
 * A data folder as the earlier release left it: its engine's files in DATA_DIR/db, migrated by
 * drizzle's migrator for that engine (the first `migrations` of them, or all), with pg-boss's
 * schema, queues and jobs; `fill` writes the rows. Answers the DATA_DIR.
 */
export async function earlierReleaseFolder(
  fill: (pglite: PGlite, boss: PgBoss) => Promise<void>,
  migrations?: number,
): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-carry-'))
  const pglite = await PGlite.create(join(dataDir, 'db'))
  const folder = migrations === undefined ? migrationsFolder : firstMigrations(migrations)
  await migrate(drizzle(pglite), { migrationsFolder: folder })
  if (folder !== migrationsFolder) rmSync(folder, { recursive: true, force: true })
  const boss = new PgBoss({
    db: fromPglite(pglite),
    backend: 'pglite',
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  })
  boss.on('error', () => undefined)
  await boss.start()
  await fill(pglite, boss)
  await boss.stop({ graceful: false, close: false })
  await pglite.close()
  return dataDir
}

function firstMigrations(count: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'wt-carry-migrations-'))
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
  journal.entries = journal.entries.slice(0, count)
  mkdirSync(join(folder, 'meta'))
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
  for (const { tag } of journal.entries as { tag: string }[]) {
    copyFileSync(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`))
  }
  return folder
}
