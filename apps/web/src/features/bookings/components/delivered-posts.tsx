import { NETWORK_LABEL, networkOf, POST_CHECK_LABEL } from '@comped/shared/post-links';
import type { TaskPostResource } from '@comped/shared/schemas/resources';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

/**
 * The posts and stories a media user delivered, as the brand sees them: each opens in a new tab and
 * says how it was checked: "link checked" (the network confirmed the post is theirs), "link format
 * checked" (its address names their account; nobody asked the network) or "not checked".
 */
export function DeliveredPosts({ posts }: { posts: TaskPostResource[] }) {
  if (posts.length === 0) return null;
  let postN = 0;
  let storyN = 0;
  return (
    <Box component="section" aria-label="Delivered posts" sx={{ mt: 2 }}>
      <Typography variant="caption" color="text.secondary" component="h3" sx={{ m: 0 }}>
        Delivered posts
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {posts.map((p, i) => {
          const n = p.type === 'story' ? ++storyN : ++postN;
          const network = networkOf(p.link);
          const label = `${network ? `${NETWORK_LABEL[network]} ` : ''}${p.type === 'story' ? 'story' : 'post'} ${n}`;
          return (
            <Stack component="li" key={i} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Link href={p.link} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ fontWeight: 600 }}>
                {label}
                <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'text-top' }} aria-hidden />
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  (opens in a new tab)
                </Box>
              </Link>
              <Chip size="small" label={POST_CHECK_LABEL[p.check ?? 'none']} sx={CHIP_COLOURS[p.check ?? 'none']} />
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}

const CHIP_COLOURS = {
  network: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  format: { bgcolor: '#fff8e1', color: '#5d4037' },
  none: { bgcolor: '#eeeeee', color: '#424242' },
} as const;
