#!/usr/bin/env node
// The web app's PNG icons and favicon.ico, drawn from web/public/favicon.svg with sharp.
// The outputs are committed (small); run again after changing the SVG: node scripts/web-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'

const svg = readFileSync('web/public/favicon.svg')
const png = (size) => sharp(svg, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer()

writeFileSync('web/public/icons/icon-192.png', await png(192))
writeFileSync('web/public/icons/icon-512.png', await png(512))
// Maskable: the artwork inside the 80 % safe zone, on the theme colour.
const inner = await sharp(svg, { density: 300 }).resize(400, 400).png().toBuffer()
const maskable = await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0b5cad' } })
  .composite([{ input: inner, top: 56, left: 56 }])
  .png({ compressionLevel: 9 })
  .toBuffer()
writeFileSync('web/public/icons/icon-maskable-512.png', maskable)

// favicon.ico: one 32×32 PNG image in an ICO container (ICONDIR + ICONDIRENTRY + data).
const ico32 = await png(32)
const header = Buffer.alloc(22)
header.writeUInt16LE(0, 0)
header.writeUInt16LE(1, 2)
header.writeUInt16LE(1, 4)
header.writeUInt8(32, 6)
header.writeUInt8(32, 7)
header.writeUInt16LE(1, 10)
header.writeUInt16LE(32, 12)
header.writeUInt32LE(ico32.length, 14)
header.writeUInt32LE(22, 18)
writeFileSync('web/public/favicon.ico', Buffer.concat([header, ico32]))
console.log('web icons written')
