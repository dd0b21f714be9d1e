// Pictures go into pdfmake's documents as data URLs (its workers take no blobs in a document).

/** `bytes` as a data URL of `type` (what pdfmake takes for an image). */
export function dataUrl(bytes: Uint8Array, type: string): string {
  let binary = '';
  // in slices: String.fromCharCode takes its arguments on the stack
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}
