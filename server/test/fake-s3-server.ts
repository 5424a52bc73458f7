import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** Stored objects by key. */
  objects: Map<string, { body: Buffer; contentType: string; cacheControl?: string }>;
  /** Requests seen, as "METHOD key". */
  requests: string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/**
 * A stand-in for an S3-compatible store (path-style, one bucket) that speaks the four
 * object operations Bazaar uses: PUT, GET (with Range), HEAD and DELETE. It checks that
 * requests are signed with the expected access key, not the signature itself.
 */
export async function startFakeS3(accessKeyId: string, bucket = 'bazaar-media'): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3.local');
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    requests.push(`${request.method} ${key}`);
    const reply = (status: number, body = '', headers: Record<string, string | number> = {}) => {
      response.writeHead(status, { 'content-type': 'application/xml', ...headers });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (!String(request.headers.authorization ?? '').includes(`Credential=${accessKeyId}/`)) {
      return reply(403, errorXml('AccessDenied', 'Access Denied'));
    }
    if (bucketName !== bucket) return reply(404, errorXml('NoSuchBucket', 'No such bucket'));
    const object = objects.get(key);
    switch (request.method) {
      case 'PUT': {
        const body = await readBody(request);
        if (Number(request.headers['content-length']) !== body.length) {
          return reply(400, errorXml('IncompleteBody', 'Length mismatch'));
        }
        objects.set(key, {
          body,
          contentType: String(request.headers['content-type']),
          cacheControl: request.headers['cache-control'],
        });
        return reply(200, '', { etag: '"fake"' });
      }
      case 'DELETE':
        objects.delete(key);
        return reply(204);
      case 'HEAD':
      case 'GET': {
        if (!object) return reply(404, errorXml('NoSuchKey', 'The specified key does not exist.'));
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ''));
        if (!range) {
          response.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.body.length,
          });
          return response.end(request.method === 'HEAD' ? undefined : object.body);
        }
        const start = Number(range[1]);
        const end = range[2] ? Math.min(Number(range[2]), object.body.length - 1) : object.body.length - 1;
        if (start >= object.body.length) return reply(416, errorXml('InvalidRange', 'Not satisfiable'));
        const part = object.body.subarray(start, end + 1);
        response.writeHead(206, {
          'content-type': object.contentType,
          'content-length': part.length,
          'content-range': `bytes ${start}-${end}/${object.body.length}`,
        });
        return response.end(request.method === 'HEAD' ? undefined : part);
      }
      default:
        return reply(405, errorXml('MethodNotAllowed', 'Not allowed'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
