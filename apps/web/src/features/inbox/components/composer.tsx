import { MSG } from '@comped/shared/messages';
import { CONVERSATION_RULES, sendMessageSchema } from '@comped/shared/validation/conversations';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Chip, Stack, TextField, useMediaQuery } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useRef, useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useSendMessage } from '../api/send-message';

interface ComposerProps {
  conversationId: number;
  quickReplies: readonly string[];
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; on a touch screen, whose keyboard has
 * no Shift+Enter, Enter starts a new line and Send sends. A quick reply is sent as it is. The
 * shared rule checks the text first (an empty message reads "This field is required."); the
 * server's answer decides the rest (a closed conversation, too many messages).
 */
export function Composer({ conversationId, quickReplies }: ComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(conversationId);
  const snackbar = useSnackbar();
  const input = useRef<HTMLTextAreaElement | null>(null);
  const touch = useMediaQuery('(pointer: coarse)');

  const submit = async (body: string, fromBox: boolean) => {
    const checked = sendMessageSchema.safeParse({ body });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MSG.required);
      input.current?.focus();
      return;
    }
    setError(null);
    try {
      await send.mutateAsync(checked.data.body);
      if (fromBox) setText('');
    } catch (err) {
      if (err instanceof ApiError && err.isValidation) setError(err.field('body') ?? err.message);
      else if (err instanceof ApiError && (err.status === 429 || err.status === 409)) snackbar(err.message, 'error');
      else snackbar(MSG.errorSendingMessage, 'error');
    } finally {
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (touch || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!send.isPending) void submit(text, true);
  };

  return (
    <Box
      component="form"
      aria-label="Write a message"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(text, true);
      }}
      sx={{
        position: 'sticky',
        bottom: 0,
        bgcolor: 'background.default',
        pt: 1,
        pb: { xs: 1, md: 2 },
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        aria-label="Quick replies"
        role="group"
        sx={{ flexWrap: 'nowrap', overflowX: 'auto', pb: 1 }}
      >
        {quickReplies.map((reply) => (
          <Chip
            key={reply}
            label={reply}
            variant="outlined"
            onClick={() => void submit(reply, false)}
            disabled={send.isPending}
            sx={{ flexShrink: 0 }}
          />
        ))}
      </Stack>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <TextField
          inputRef={input}
          label="Message"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          multiline
          maxRows={6}
          fullWidth
          error={!!error}
          helperText={
            error ?? (touch ? 'Enter starts a new line; Send sends' : 'Enter to send, Shift+Enter for a new line')
          }
          // A little over the limit, so a pasted text that is too long gets the rule's message.
          slotProps={{ htmlInput: { maxLength: CONVERSATION_RULES.bodyMax + 50 } }}
        />
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          loading={send.isPending}
          sx={{ mb: 3, flexShrink: 0 }}
        >
          Send
        </Button>
      </Box>
    </Box>
  );
}
