import { createReadStream } from 'node:fs';

/**
 * Whether a file is an ISO media file (MP4, QuickTime) as players read it, parsed with
 * mp4box.js rather than judged by its first bytes: a sequence of boxes from its first byte to
 * its last (an `ftyp` first, each box's size within the file, nothing after the last box),
 * one of them a movie box (`moov`) that parses. A file that only starts like a video (an
 * `ftyp` followed by a page, a script or anything else) is not one.
 */
export async function isIsoMediaFile(filePath: string): Promise<boolean> {
  // Loaded with the first video rather than with the server: a third of a megabyte of parsing
  // that no start needs.
  const { createFile, MP4BoxBuffer } = await import('mp4box');
  const file = createFile();
  let hasMovie = false;
  let failed = false;
  file.onReady = () => {
    hasMovie = true;
  };
  file.onError = () => {
    failed = true;
  };
  let offset = 0;
  try {
    for await (const chunk of createReadStream(filePath, {
      highWaterMark: 1024 * 1024,
    }) as AsyncIterable<Buffer>) {
      const copy = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.length);
      file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, offset));
      offset += chunk.length;
      if (failed) return false;
    }
    file.flush();
  } catch {
    return false;
  }
  const boxes = file.boxes as { type: string; size: number }[];
  const covered = boxes.reduce((total, box) => total + box.size, 0);
  return !failed && hasMovie && boxes[0]?.type === 'ftyp' && covered === offset;
}
