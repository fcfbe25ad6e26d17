import type { FileRef } from '@comped/shared/schemas/resources';
import { useReducer } from 'react';

/** The wizard's featured photos: those saved on the server, those picked to upload with Next, and the field's message. */
export interface WizardPhotos {
  saved: FileRef[];
  pending: File[];
  error: string | null;
}

type PhotoChange =
  | { type: 'picked'; files: File[] }
  | { type: 'unpicked'; index: number }
  | { type: 'unpickedAll' }
  | { type: 'deleted'; name: string }
  | { type: 'uploaded'; saved: FileRef[] }
  | { type: 'error'; message: string | null };

function photosReducer(photos: WizardPhotos, change: PhotoChange): WizardPhotos {
  switch (change.type) {
    case 'picked':
      return { ...photos, pending: [...photos.pending, ...change.files] };
    case 'unpicked':
      return { ...photos, pending: photos.pending.filter((_f, i) => i !== change.index) };
    case 'unpickedAll':
      return { ...photos, pending: [] };
    case 'deleted':
      return { ...photos, saved: photos.saved.filter((p) => p.name !== change.name) };
    case 'uploaded':
      // A save took the picked photos: the server's list is now the whole truth.
      return { saved: change.saved, pending: [], error: null };
    case 'error':
      return { ...photos, error: change.message };
  }
}

/** The featured photos as one piece of state (the draft's saved ones to start with). */
export function useWizardPhotos(saved: FileRef[]) {
  return useReducer(photosReducer, { saved, pending: [], error: null });
}
