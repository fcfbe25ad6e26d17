import type { FastifyRequest } from 'fastify';
import { MSG } from '@comped/shared/messages';
import { fieldError } from '../../lib/http-errors';

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
}

/**
 * Reads a multipart request: its text fields and the first file part named `fileField`. The
 * multipart limit (10 MB) truncates a larger file: that becomes a 422 with `tooLarge` on the field.
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { fileField?: string; tooLarge: string },
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const fileField = opts.fileField ?? 'file';
  if (!request.isMultipart()) throw fieldError(fileField, MSG.fileRequired);
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
          // Other or extra file parts are drained, never held in memory.
          for await (const _chunk of part.file) {
            // discard
          }
          continue;
        }
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw fieldError(fileField, opts.tooLarge);
        if (buffer.length > 0) file = { buffer, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(fileField, opts.tooLarge);
    throw err;
  }
  return { fields, file };
}
