/** React 18.3's stream writer can leave NUL bytes where multi-byte text crosses its 2 KB buffer (react/react#31134):
 * a gallery page listing twenty Cyrillic file names held 141 of them. No UTF-8 character contains a 0x00 byte
 * and a page has no use for U+0000, so they are dropped before the bytes are decoded. */
export function withoutNulBytes(bytes: Buffer): Buffer {
  if (bytes.indexOf(0) === -1) return bytes;
  const kept = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (const byte of bytes) if (byte !== 0) kept[length++] = byte;
  return kept.subarray(0, length);
}
