import type { Answer, AnswerName } from '../answers/answer-schemas';
import { ApiError, apiUrl, endpointName, handleResponse, readAnswer } from '../api-client';
import { readSession } from '../session';

// Uploads live apart from the API client, in a folder of their own: the client is part of /login's
// first download, and the small parts every signed-in page shares (lib/'s own files) are part of
// /campaigns' first card, while only the pages with a photo, logo, menu or picture field upload.

/** `uploadWithProgress()` whose answer is the answer named `name`, as `apiParse`. */
export async function uploadParse<N extends AnswerName>(
  path: string,
  formData: FormData,
  name: N,
  onProgress: (percent: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<Answer<N>> {
  const data = await uploadWithProgress<unknown>(path, formData, onProgress, method);
  return readAnswer(endpointName(method, path), name, data);
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
