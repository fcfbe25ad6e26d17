/** The API's error body shapes (decisions.md). */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}
export interface MessageBody {
  message: string;
}

export function isValidationErrorBody(body: unknown): body is ValidationErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'errors' in body &&
    typeof (body as { errors: unknown }).errors === 'object'
  );
}
