import { randomBytes } from 'node:crypto';

export interface MultipartBody {
  contentType: string;
  chunks: Buffer[];
  length: number;
}

/** A multipart/form-data body as a browser sends it, kept as chunks so no file is copied. */
export function multipartBody(
  fields: Record<string, string | number>,
  files: { field: string; name: string; bytes: Buffer; contentType?: string }[],
): MultipartBody {
  const boundary = `----windscope${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, chunks, length: chunks.reduce((n, c) => n + c.length, 0) };
}
