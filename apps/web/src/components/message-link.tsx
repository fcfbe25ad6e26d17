import ForumIcon from '@mui/icons-material/ForumOutlined';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { paths } from '../config/paths';

/**
 * "Message": a link to a conversation (issue 26). Booking cards show it for both sides with the
 * booking's `conversation_id`; until a booking carries one, there is nothing to link to.
 * `ariaLabel` names it apart from the other cards' ("Message Ann about Thu, Jun 4").
 */
export function MessageLink({
  conversationId,
  label = 'Message',
  ariaLabel,
}: {
  conversationId: number;
  label?: string;
  ariaLabel?: string;
}) {
  return (
    <Button
      component={RouterLink}
      to={paths.inboxThread.getHref(conversationId)}
      startIcon={<ForumIcon />}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
