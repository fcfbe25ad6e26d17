import { MSG } from '@comped/shared/messages';
import type { ConversationReport } from '@comped/shared/schemas/conversations';
import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { useSnackbar } from '../../../lib/snackbar';
import type { ReportFilter } from '../api/reports';
import { useCloseConversation, useReports } from '../api/reports';
import { formatDateTime } from './format';

/** A reported conversation's messages, oldest first, as text (never markup). */
function Messages({ report }: { report: ConversationReport }) {
  if (report.messages.length === 0) return <Typography color="text.secondary">No messages.</Typography>;
  return (
    <Box
      component="ol"
      aria-label={`Messages between ${report.conversation.media_user.name} and ${report.conversation.brand.name}`}
      // A long thread scrolls inside its box: the keyboard reaches it to scroll it.
      tabIndex={0}
      sx={{
        listStyle: 'none',
        p: 1.5,
        m: 0,
        maxHeight: 320,
        overflowY: 'auto',
        bgcolor: 'action.hover',
        borderRadius: 2,
      }}
    >
      {report.messages.map((m) => (
        <Box component="li" key={m.id} sx={{ py: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            {m.sender
              ? m.sender.member_name
                ? `${m.sender.member_name} for ${m.sender.name}`
                : m.sender.name
              : 'Booking'}{' '}
            · {formatDateTime(m.sent_at)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.body}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** /admin/reports: conversations a participant reported; staff read them and may close them. */
export function ReportsPage() {
  const [filter, setFilter] = useState<ReportFilter>('open');
  const query = useReports(filter);
  const close = useCloseConversation();
  const snackbar = useSnackbar();
  const [closing, setClosing] = useState<ConversationReport | null>(null);
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const confirm = () => {
    if (!closing) return;
    close.mutate(closing.conversation.id, {
      onSuccess: () => snackbar('Conversation closed.'),
      onError: () => snackbar(MSG.somethingWrong, 'error'),
      onSettled: () => setClosing(null),
    });
  };
  return (
    <Box>
      <PageTitle>Reported conversations</PageTitle>
      <Tabs value={filter} onChange={(_, v: ReportFilter) => setFilter(v)} aria-label="Reports" sx={{ mb: 2 }}>
        <Tab value="open" label="Open" />
        <Tab value="closed" label="Closed" />
      </Tabs>
      {query.isPending ? (
        <Loading label="Loading reports" />
      ) : query.isError && items.length === 0 ? (
        <LoadError onRetry={query.refetch} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {filter === 'open' ? 'No open reports.' : 'No closed conversations yet.'}
        </Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Reports">
          {items.map((r) => (
            <Paper component="li" key={r.id} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {r.conversation.media_user.name} and {r.conversation.brand.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Reported by {r.reporter.name} · {formatDateTime(r.created_at)}
              </Typography>
              <Typography variant="body2" sx={{ my: 1, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                &ldquo;{r.reason}&rdquo;
              </Typography>
              <Messages report={r} />
              {r.conversation.closed ? null : (
                <Button color="error" variant="outlined" sx={{ mt: 2 }} onClick={() => setClosing(r)}>
                  Close conversation
                </Button>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {items.length > 0 ? <InfiniteListFooter query={query} loadingLabel="Loading more reports" /> : null}
      {closing ? (
        <ConfirmDialog
          open
          title="Close this conversation?"
          confirmLabel="Close conversation"
          cancelLabel="Go back"
          destructive
          busy={close.isPending}
          onConfirm={confirm}
          onClose={() => setClosing(null)}
        >
          {closing.conversation.media_user.name} and {closing.conversation.brand.name} can still read it, but no one can
          send new messages.
        </ConfirmDialog>
      ) : null}
    </Box>
  );
}
