import { Link } from '@mui/material';
import { useMemo } from 'react';

import { linkifyText } from './linkify-text';

/**
 * A message shown as text: line breaks kept, web and e-mail addresses as links that open in a new
 * tab without access to this one (`noopener`) and without vouching for them (`nofollow ugc`).
 */
export function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => linkifyText(text), [text]);
  return (
    <>
      {parts.map((part, i) =>
        'href' in part ? (
          <Link
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            sx={{ color: 'inherit', textDecorationColor: 'currentColor', overflowWrap: 'anywhere' }}
          >
            {part.text}
          </Link>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
