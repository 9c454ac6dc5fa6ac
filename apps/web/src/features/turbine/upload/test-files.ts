/** Chosen files for the upload tests: the first bytes of a real photo of each kind (what the checks on selection read),
 *  then zeros up to the size asked for. */
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00];
const PNG = [
  ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  ...[0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0, 0x3a, 0x7e, 0x9b, 0x55],
  ...[0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54],
];
const PCD = [...new TextEncoder().encode('# .PCD v0.7\nVERSION 0.7\nFIELDS x y z\n')];

export type TestFileKind = 'jpeg' | 'png' | 'pcd' | 'html';

function bytesOf(kind: TestFileKind, size: number): Uint8Array {
  const head =
    kind === 'jpeg'
      ? JPEG
      : kind === 'png'
        ? PNG
        : kind === 'pcd'
          ? PCD
          : [...new TextEncoder().encode('<!doctype html><html><body>not a photo</body></html>')];
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return bytes;
}

const TYPES: Record<TestFileKind, string> = { jpeg: 'image/jpeg', png: 'image/png', pcd: '', html: 'image/jpeg' };

/** A chosen file whose bytes are of `kind` (html: a web page, under whatever name it is given). */
export function chosenFile(name: string, kind: TestFileKind = 'jpeg', size = 100, type = TYPES[kind]): File {
  return new File([bytesOf(kind, size) as BlobPart], name, { type });
}

/** A file that says it is `bytes` long (a photo over the size limit without holding its bytes in the test). */
export function claimingSize(file: File, bytes: number): File {
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}
