/** The part of GS1's digital-link.js (no types of its own) the conformance tests use. */
declare module 'digital-link.js' {
  interface DigitalLinkInstance {
    isValid(): boolean
    toWebUriString(): string
    getIdentifier(): Record<string, string>
    getKeyQualifiers(): Record<string, string>
  }
  export function DigitalLink(uri: string): DigitalLinkInstance
  export const webVoc: { linkType: Record<string, string> }
}
