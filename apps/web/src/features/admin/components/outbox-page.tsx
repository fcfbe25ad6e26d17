import type { MailStatus } from '@comped/shared/statuses';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Chip, Stack, Typography } from '@mui/material';

import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { useOutbox } from '../api/outbox';
import { formatDateTime } from './format';

const STATUS_COLOR: Record<MailStatus, 'success' | 'default' | 'warning' | 'error'> = {
  sent: 'success',
  queued: 'default',
  sending: 'warning',
  failed: 'error',
};

/** /admin/outbox: every queued and sent mail, newest first; a row opens to the full text. */
export function OutboxPage() {
  const query = useOutbox();
  const mails = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <PageTitle>Outbox</PageTitle>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching && !query.isPending ? 'Refreshing…' : 'Refresh'}
        </Button>
      </Box>
      {query.isPending ? (
        <Loading label="Loading mails" />
      ) : query.isError && mails.length === 0 ? (
        <LoadError onRetry={query.refetch}>Sorry, we couldn&apos;t load the outbox.</LoadError>
      ) : mails.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 8 }}>
          No mails yet.
        </Typography>
      ) : (
        <Stack spacing={1}>
          {mails.map((m) => (
            <Accordion
              key={m.id}
              variant="outlined"
              disableGutters
              slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
            >
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                aria-controls={`mail-${m.id}-text`}
                id={`mail-${m.id}-summary`}
              >
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: 'minmax(0,2fr) minmax(0,3fr) auto auto' },
                    gap: { xs: 0.5, sm: 2 },
                    alignItems: 'center',
                    width: '100%',
                    pr: 1,
                  }}
                >
                  <Typography noWrap sx={{ fontWeight: 600 }}>
                    {m.to}
                  </Typography>
                  <Typography noWrap>{m.subject}</Typography>
                  <Chip size="small" label={m.status} color={STATUS_COLOR[m.status]} sx={{ justifySelf: 'start' }} />
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {formatDateTime(m.created_at)}
                  </Typography>
                </Box>
              </AccordionSummary>
              <AccordionDetails id={`mail-${m.id}-text`}>
                <Box
                  component="pre"
                  sx={{
                    m: 0,
                    p: 2,
                    bgcolor: 'grey.100',
                    borderRadius: 1,
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    fontFamily: 'inherit',
                    fontSize: 14,
                  }}
                >
                  {m.text}
                </Box>
              </AccordionDetails>
            </Accordion>
          ))}
        </Stack>
      )}
      {mails.length > 0 ? <InfiniteListFooter query={query} loadingLabel="Loading more mails" mt={2} /> : null}
    </Box>
  );
}
