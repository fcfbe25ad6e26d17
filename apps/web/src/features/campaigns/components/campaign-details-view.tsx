import { lastVisitDayBeforeOffer } from '@comped/shared/booking-window';
import { guestPolicyLabel } from '@comped/shared/guest-policy';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { usageRightsSummary } from '@comped/shared/schemas/usage-rights';
import { Alert, Box, Chip, Divider, Link, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { formatDate, formatDollars, kindLabel, mainDate, timeRange } from '../lib/format';
import { PhotoGallery } from './photo-gallery';
import { StatusChip } from './status-chip';

type Level = 'h1' | 'h2' | 'h3';
const below: Record<Level, 'h2' | 'h3' | 'h4'> = { h1: 'h2', h2: 'h3', h3: 'h4' };

interface CampaignDetailsViewProps {
  campaign: CampaignResource;
  /** The level of the campaign's name; sections sit one level below. */
  titleLevel?: Level;
  showStatus?: boolean;
  /** Brands and staff see whom the campaign is aimed at; media users need not. */
  showAudience?: boolean;
  actions?: ReactNode;
}

function Section({ title, level, children }: { title: string; level: Level; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3, '&:first-of-type': { mt: 0 } }}>
      <Typography variant="h6" component={below[level]} sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', py: 0.25 }}>
      <Typography component="span" sx={{ color: 'text.secondary', minWidth: 150 }}>
        {label}
      </Typography>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

const yesNo = (v: boolean) => (v ? 'Required' : 'Not required');

/** Everything a campaign offers and asks for (used by /campaigns/{id} and the staff console). */
export function CampaignDetailsView({
  campaign: c,
  titleLevel = 'h1',
  showStatus,
  showAudience,
  actions,
}: CampaignDetailsViewProps) {
  const date = mainDate(c);
  const times = timeRange(c);
  const booking = c.type.booking;
  const instructions = c.influencer_instructions;
  const keyPlayers = c.attributes.key_players.filter((k) => k.name);
  // Without an end date a launch or an opening takes visits for two days, though it stays offered
  // for a month: say so beside its dates.
  const lastVisitDay = lastVisitDayBeforeOffer(c);
  return (
    <Box>
      <PhotoGallery campaign={c} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography
            variant={titleLevel === 'h1' ? 'h4' : 'h5'}
            component={titleLevel}
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {c.name}
          </Typography>
          <Typography sx={{ mt: 0.5 }}>
            by{' '}
            <Link
              component={RouterLink}
              to={paths.brand.getHref(c.brand_id)}
              state={{ brand: { ...c.brand, locations: c.locations } }}
              sx={{ fontWeight: 700 }}
            >
              {c.brand.name}
            </Link>
            {' · '}
            {kindLabel(c)}
          </Typography>
        </Box>
        {showStatus && <StatusChip status={c.status} />}
      </Box>
      {c.invitation ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          <strong>Invited by {c.invitation.brand_name}</strong>
          {c.invitation.note ? ` · “${c.invitation.note}”` : ''}
        </Alert>
      ) : null}
      {actions && <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>{actions}</Box>}

      <Typography sx={{ mt: 3, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{c.description}</Typography>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Section title="Dates" level={titleLevel}>
          {date && <Fact label={date.label}>{date.value}</Fact>}
          {times && <Fact label="Time">{times}</Fact>}
          {c.attributes.end_date && <Fact label="End Date">{formatDate(c.attributes.end_date)}</Fact>}
          {lastVisitDay && <Fact label="Visits until">{formatDate(lastVisitDay)}</Fact>}
          {c.expires_on && <Fact label="Offered until">{formatDate(c.expires_on)}</Fact>}
        </Section>

        <Section title="Locations" level={titleLevel}>
          {c.locations.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No location yet.</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {c.locations.map((l) => (
                <li key={l.id}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {l.name}
                  </Typography>
                  <Typography component="span" sx={{ color: 'text.secondary' }}>
                    {' '}
                    · {l.address}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Section>

        {booking && (
          <Section title="Compensation" level={titleLevel}>
            {booking.information_only ? (
              <Typography>This campaign is for information only: it takes no bookings.</Typography>
            ) : (
              <>
                <Fact label="Experience worth">{formatDollars(booking.compensation)}</Fact>
                <Fact label="Guests">
                  {guestPolicyLabel(booking.guest_policy, booking.max_guests) ?? `Up to ${booking.max_guests}`}
                </Fact>
                {booking.allowance ? <Fact label="Allowance">Up to {formatDollars(booking.allowance)}</Fact> : null}
                {booking.includes?.length ? (
                  <Fact label="Includes">
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                      {booking.includes.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </Box>
                  </Fact>
                ) : null}
              </>
            )}
            {booking.tip && <Fact label="Tip">{booking.tip}</Fact>}
          </Section>
        )}

        {showAudience && (
          <Section title="Audience" level={titleLevel}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {c.target.includes('influencer') && (
                <Chip label={`Influencers, tiers ${c.tier_range_influencer.join(', ')}`} variant="outlined" />
              )}
              {c.target.includes('journalist') && (
                <Chip label={`Journalists, tiers ${c.tier_range_journalist.join(', ')}`} variant="outlined" />
              )}
            </Box>
          </Section>
        )}

        {instructions && c.target.includes('influencer') && (
          <Section title="Requirements" level={titleLevel}>
            <Fact label="Posts">{instructions.posts_required}</Fact>
            <Fact label="Stories">{instructions.stories_required}</Fact>
            <Fact label="Tagging">{yesNo(instructions.tagging_required)}</Fact>
            <Fact label="Geotag">{yesNo(instructions.geotag_required)}</Fact>
            {instructions.hashtags.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }} aria-label="Hashtags">
                {instructions.hashtags.map((h) => (
                  <Chip key={h} label={`#${h}`} size="small" />
                ))}
              </Box>
            )}
            {c.target.includes('journalist') && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                Journalists give only consideration for coverage.
              </Typography>
            )}
          </Section>
        )}

        {c.usage_rights && (
          <Section title="Usage rights" level={titleLevel}>
            <Typography>{usageRightsSummary(c.usage_rights)}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              What the venue may do with the posts and stories you deliver for this campaign.
            </Typography>
          </Section>
        )}

        {keyPlayers.length > 0 && (
          <Section title="Key players" level={titleLevel}>
            <Divider sx={{ mb: 1 }} />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
              {keyPlayers.map((k) => (
                <Box key={`${k.type}-${k.name}`}>
                  <Typography sx={{ fontWeight: 700 }}>{k.name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {k.type}
                  </Typography>
                  {k.bio && <Typography variant="body2">{k.bio}</Typography>}
                </Box>
              ))}
            </Box>
          </Section>
        )}
      </Paper>
    </Box>
  );
}
