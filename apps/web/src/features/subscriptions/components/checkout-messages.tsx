import { Alert, Box } from '@mui/material';

export interface CardErrorItem {
  id: string;
  message: string;
}

/** Card errors appear as a list under the form (spec section 8); announced when they change. */
export function CardErrorList({ errors }: { errors: CardErrorItem[] }) {
  return (
    <Box role="alert" aria-live="assertive">
      {errors.length > 0 ? (
        <Box
          component="ul"
          aria-label="Card errors"
          sx={{ m: 0, mt: 1, pl: 2.5, color: 'error.main', typography: 'body2', '& li + li': { mt: 0.5 } }}
        >
          {errors.map((e) => (
            <li key={e.id} id={e.id}>
              {e.message}
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** The server's message for the subscription, beneath the card form (spec section 8). */
export function SubscriptionError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="subscription-error">
      {message}
    </Alert>
  );
}
