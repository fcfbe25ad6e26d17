import type { z } from 'zod';

import { ApiError, apiUrl, endpointName, handleResponse, parseResponse } from '../api-client';
import { readSession } from '../session';

// Uploads live apart from the API client, in a folder of their own: the client is part of /login's
// first download, and the small parts every signed-in page shares (lib/'s own files) are part of
// /campaigns' first card, while only the pages with a photo, logo, menu or picture field upload.

/** `uploadWithProgress()` whose answer is checked against the shared schema, as `apiParse`. */
export async function uploadParse<S extends z.ZodType>(
  path: string,
  formData: FormData,
  schema: S,
  onProgress: (percent: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<z.output<S>> {
  const data = await uploadWithProgress<unknown>(path, formData, onProgress, method);
  return parseResponse(endpointName(method, path), schema, data);
}

/** Multipart upload with progress (0-100), for photos, menus and logos. */
export function uploadWithProgress<T>(
  path: string,
  formData: FormData,
  onProgress: (percent: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    const token = readSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    // Uploads of 10 MB get more than the 10-second budget of ordinary calls.
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(handleResponse<T>(xhr.status, xhr.responseText, !!token));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.'));
    xhr.ontimeout = () => reject(new ApiError(0, 'The upload took too long. Please try again.'));
    xhr.send(formData);
  });
}
