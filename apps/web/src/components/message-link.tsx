import ForumIcon from '@mui/icons-material/ForumOutlined';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { paths } from '../config/paths';

/**
 * "Message": a link to a conversation (issue 26). Booking cards show it for both sides with the
 * booking's `conversation_id`; until a booking carries one, there is nothing to link to.
 */
export function MessageLink({ conversationId, label = 'Message' }: { conversationId: number; label?: string }) {
  return (
    <Button component={RouterLink} to={paths.inboxThread.getHref(conversationId)} startIcon={<ForumIcon />}>
      {label}
    </Button>
  );
}
