import { randomBytes } from 'node:crypto';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * A multipart/form-data body as a browser sends it: text fields first, then files. Returns
 * what `app.inject` needs (payload and content-type header).
 */
export function multipartForm(fields: Record<string, string | string[]>, files: FilePart[] = []) {
  const boundary = `----BazaarTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, values] of Object.entries(fields)) {
    for (const value of [values].flat()) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
