import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_MAX_BYTES,
  MAX_IMAGES_PER_AD,
  MAX_VIDEOS_PER_AD,
  VIDEO_MAX_BYTES,
} from '@bazaar/common/constants';
import type { FastifyRequest } from 'fastify';
import {
  badRequest,
  fileTooLarge,
  payloadTooLarge,
  tooManyFiles,
  unsupportedFileType,
  unsupportedMediaType,
} from '../http/errors';
import { findNulCharacter, NUL_MESSAGE } from '../http/nul-characters';
import { isOwnerAtWork, ownerTag, parseOwnerTag } from '../system/processes';
import { detectMediaType, SIGNATURE_BYTES, type DetectedMedia } from './file-signatures';
import { isIsoMediaFile } from './video-container';

export type MediaKind = DetectedMedia['kind'];

/** A file of the upload, checked and written to a temporary file. */
export interface ReceivedFile {
  kind: MediaKind;
  contentType: DetectedMedia['contentType'];
  /** The temporary file; removed by `discard()`. */
  path: string;
  bytes: number;
}

export interface ReceivedUpload {
  fields: Record<string, string | string[]>;
  images: ReceivedFile[];
  videos: ReceivedFile[];
  /** Removes the temporary files. */
  discard(): Promise<void>;
}

export interface UploadOptions {
  /** Folder for temporary files (DATA_DIR/tmp/uploads). */
  tempDir: string;
  /** Multipart field names under which files are accepted, by kind. */
  fileFields: Record<string, MediaKind>;
  /** Text fields that may repeat (read as arrays). */
  listFields?: readonly string[];
}

const MEGABYTE = 1024 * 1024;
const maxBytes: Record<MediaKind, number> = { image: IMAGE_MAX_BYTES, video: VIDEO_MAX_BYTES };
const maxFiles: Record<MediaKind, number> = { image: MAX_IMAGES_PER_AD, video: MAX_VIDEOS_PER_AD };

/**
 * Limits the parser enforces while reading, so that a hostile form (10 000 fields, a
 * 2 GB "photo") is refused early instead of being buffered.
 */
const parserLimits = {
  fieldNameSize: 100,
  fieldSize: 8 * 1024,
  fields: 30,
  files: MAX_IMAGES_PER_AD + MAX_VIDEOS_PER_AD,
  fileSize: VIDEO_MAX_BYTES + 1,
  headerPairs: 50,
  parts: 60,
};

/** A file name fit to quote back in a message (it never reaches the file system). */
function quotedName(filename: string): string {
  const printable = filename.replace(/[^\p{L}\p{N} ._()-]/gu, '').slice(0, 60);
  return printable ? `"${printable}"` : 'A file';
}

const unsupportedType = (name: string, kind: MediaKind) =>
  unsupportedFileType(
    kind === 'image' ? `${name} is not a PNG, JPG or GIF image.` : `${name} is not an MP4 or MOV video.`,
  );

const tooLargeForItsKind = (name: string, kind: MediaKind) =>
  fileTooLarge(
    `${name} is larger than ${maxBytes[kind] / MEGABYTE} MB, the limit for ${kind === 'image' ? 'images' : 'videos'}.`,
  );

/**
 * Checks a file while it streams past: its first bytes must be a signature of the expected
 * kind, and it may not grow beyond that kind's size limit.
 */
function createInspector(kind: MediaKind, name: string) {
  let head = Buffer.alloc(0);
  let detected: DetectedMedia | undefined;
  let bytes = 0;
  const check = (): Error | undefined => {
    detected = detectMediaType(head);
    return detected?.kind === kind ? undefined : unsupportedType(name, kind);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      bytes += chunk.length;
      if (bytes > maxBytes[kind]) return callback(tooLargeForItsKind(name, kind));
      if (!detected) {
        head = Buffer.concat([head, chunk]).subarray(0, SIGNATURE_BYTES);
        if (head.length >= SIGNATURE_BYTES) {
          const problem = check();
          if (problem) return callback(problem);
        }
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      callback(detected ? undefined : check());
    },
  });
  return {
    stream,
    result: () => ({ bytes, contentType: detected!.contentType }),
  };
}

async function receiveFile(
  file: Readable & { truncated?: boolean },
  filename: string,
  kind: MediaKind,
  folder: string,
): Promise<ReceivedFile> {
  const name = quotedName(filename);
  const target = path.join(folder, randomUUID());
  const inspector = createInspector(kind, name);
  await pipeline(file, inspector.stream, createWriteStream(target, { flags: 'wx' }));
  if (file.truncated) throw tooLargeForItsKind(name, kind);
  // Its first bytes only open a video; its boxes, parsed whole, make one.
  if (kind === 'video' && !(await isIsoMediaFile(target))) throw unsupportedType(name, kind);
  return { kind, path: target, ...inspector.result() };
}

/** The multipart library's limit errors, in our vocabulary. */
function translateParserError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return tooManyFiles();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge('The form has too many fields.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('The form could not be read.');
    default:
      if (error instanceof Error && /multipart|Part terminated|Unexpected end of form/i.test(error.message)) {
        return badRequest('The form could not be read.');
      }
      return error;
  }
}

/**
 * Reads an ad's multipart form: text fields into `fields`, files streamed to temporary
 * files while their type (by content) and size are checked. Any problem stops the upload
 * with a clear error and removes what was written.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: UploadOptions,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw unsupportedMediaType('Send the ad as a multipart/form-data form.');
  }
  const folder = path.join(options.tempDir, `${ownerTag()}~${randomUUID()}`);
  await mkdir(folder, { recursive: true });
  const upload: ReceivedUpload = {
    fields: {},
    images: [],
    videos: [],
    discard: () => rm(folder, { recursive: true, force: true }),
  };
  const listFields = new Set(options.listFields ?? []);
  try {
    for await (const part of request.parts({ limits: parserLimits })) {
      if (part.type === 'field') {
        const { fieldname: name, value } = part;
        if (part.fieldnameTruncated || part.valueTruncated || typeof value !== 'string') {
          throw badRequest(undefined, { [name]: 'This value is too long.' });
        }
        if (findNulCharacter(value) !== undefined) throw badRequest(undefined, { [name]: NUL_MESSAGE });
        const existing = upload.fields[name];
        if (listFields.has(name)) {
          upload.fields[name] = [...(Array.isArray(existing) ? existing : []), value];
        } else if (existing !== undefined) {
          throw badRequest(undefined, { [name]: 'This field was sent twice.' });
        } else {
          upload.fields[name] = value;
        }
        continue;
      }
      const kind = options.fileFields[part.fieldname];
      if (!kind) {
        part.file.resume();
        throw badRequest(undefined, { [part.fieldname]: 'Files are not accepted here.' });
      }
      const received = kind === 'image' ? upload.images : upload.videos;
      if (received.length >= maxFiles[kind]) {
        part.file.resume();
        throw tooManyFiles(
          `You can upload a maximum of ${maxFiles[kind]} ${kind === 'image' ? 'images' : 'videos'}.`,
        );
      }
      received.push(await receiveFile(part.file, part.filename, kind, folder));
    }
  } catch (error) {
    await upload.discard();
    throw translateParserError(error);
  }
  return upload;
}

/**
 * Removes temporary uploads left by a process that stopped in the middle of one (a crash or
 * a kill). Each folder is named after the process receiving into it (`host~pid~id`); those
 * of processes that no longer run go at once. Others, of an older naming, go after an hour.
 */
export async function removeAbandonedUploads(tempDir: string, now = Date.now()): Promise<void> {
  const folders = await readdir(tempDir).catch(() => [] as string[]);
  for (const folder of folders) {
    const folderPath = path.join(tempDir, folder);
    const owner = parseOwnerTag(folder.slice(0, folder.lastIndexOf('~')));
    const abandoned = owner
      ? !(await isOwnerAtWork(owner))
      : now - (await stat(folderPath)).mtimeMs > 60 * 60 * 1000;
    if (abandoned) await rm(folderPath, { recursive: true, force: true });
  }
}
