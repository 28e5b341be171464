/** The picture types uploads accept, recognised by their first bytes (never by file name or declared type). */
const SIGNATURES = [
  { ext: 'jpg', mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { ext: 'png', mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

export type ImageType = (typeof SIGNATURES)[number];

export function detectImage(bytes: Uint8Array): ImageType | null {
  return SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b)) ?? null;
}

export const mimeOfExt = (ext: string) => SIGNATURES.find((s) => s.ext === ext)?.mime;
