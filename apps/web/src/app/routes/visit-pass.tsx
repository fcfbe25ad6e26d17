import { Navigate, useParams } from 'react-router';

import { paths } from '../../config/paths';
import { VisitPassPage } from '../../features/bookings/components/visit-pass';

/** /bookings/{id}/pass: a media user's visit pass. */
export function VisitPassRoute() {
  const id = Number(useParams().bookingId);
  if (!Number.isInteger(id) || id < 1) return <Navigate to={paths.bookings.getHref()} replace />;
  return <VisitPassPage key={id} bookingId={id} />;
}
