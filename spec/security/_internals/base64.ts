const UTF8 = new TextEncoder();

/** The base64 (standard alphabet, padded) of a string's UTF-8 bytes. */
export function base64OfText(text: string): string {
  let binary = '';
  for (const byte of UTF8.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The bytes of a base64 text, or undefined when it is not base64 (`atob`'s forgiving decode). */
export function bytesOfBase64(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The base64 (standard alphabet, padded) of bytes. */
export function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
