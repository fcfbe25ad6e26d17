import { MSG } from '@comped/shared/messages';
import type { FastifyRequest } from 'fastify';

import { appError } from '../../lib/app-error';

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
}

/**
 * Who may upload, when that is named by a form field (`POST photos` carries `brand_id`): `check`
 * runs as soon as every field of `fields` has arrived, before any file part is read; a file part
 * arriving first is refused with `missing()`. The parts are read in order, so a caller without
 * rights is answered while the file is still on the wire (issue 11).
 */
export interface UploadAuthorization {
  fields: string[];
  check: (fields: Record<string, string>) => Promise<void>;
  missing: () => Error;
}

/**
 * Reads a multipart request: its text fields and the first file part named `fileField`. The
 * multipart limit (10 MB) truncates a larger file: that becomes a 422 with `tooLarge` on the field.
 * With `authorize`, nothing of a file is read before `authorize.check` has passed.
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { fileField?: string; tooLarge: string; authorize?: UploadAuthorization },
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const fileField = opts.fileField ?? 'file';
  if (!request.isMultipart()) throw appError('validation_failed', { field: fileField, message: MSG.fileRequired });
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const authorize = opts.authorize;
  let authorized = !authorize;
  try {
    for await (const part of request.parts()) {
      if (!authorized && authorize) {
        if (part.type === 'file') throw authorize.missing();
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        if (authorize.fields.every((f) => fields[f] !== undefined)) {
          await authorize.check(fields);
          authorized = true;
        }
        continue;
      }
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
          // Other or extra file parts are drained, never held in memory.
          for await (const _chunk of part.file) {
            // discard
          }
          continue;
        }
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw appError('validation_failed', { field: fileField, message: opts.tooLarge });
        if (buffer.length > 0) file = { buffer, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw appError('validation_failed', { field: fileField, message: opts.tooLarge });
    throw err;
  }
  if (!authorized && authorize) await authorize.check(fields);
  return { fields, file };
}
