import type { CampaignKind } from '@comped/shared/campaign-kinds';
import { KIND_DATE } from '@comped/shared/campaign-kinds';
import { guestPolicyLabel } from '@comped/shared/guest-policy';
import { dateTimeFormat } from '@comped/shared/intl-formats';
import { formatUsd } from '@comped/shared/money';
import type { FileRef } from '@comped/shared/schemas/resources';
import { usageRightsSummary } from '@comped/shared/schemas/usage-rights';
import { formatTime12, WEEKDAY_SHORT, WEEKDAYS } from '@comped/shared/time';
import { Box, Button, Chip, Divider, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';

import { fileUrl } from '../../../lib/api-client';
import type { WizardValues } from '../lib/wizard-values';
import { stepLabels } from '../lib/wizard-values';
import type { WizardLocation } from './bookings-step';

function formatDate(value: string | null): string {
  if (!value) return 'Not set';
  const d = new Date(`${value}T00:00:00Z`);
  return dateTimeFormat({ timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(d);
}

function Section(props: { title: string; step: number; onEdit(step: number): void; children: ReactNode }) {
  const id = `review-section-${props.step}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography id={id} variant="h6" component="h3">
          {props.title}
        </Typography>
        <Button onClick={() => props.onEdit(props.step)} aria-label={`Edit ${props.title}`}>
          Edit
        </Button>
      </Stack>
      <Stack spacing={1}>{props.children}</Stack>
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const includedLines = (lines: string[]) => lines.map((l) => l.trim()).filter((l) => l !== '');
/** The allowance cap as typed in dollars: empty is no cap. */
const allowanceText = (allowance: number | string | null) =>
  allowance === '' || allowance === null || Number.isNaN(Number(allowance))
    ? 'No cap'
    : formatUsd(Math.round(Number(allowance) * 100));
const tiers = (list: number[]) =>
  list.length > 1 ? `Tier ${list[0]}-${list[list.length - 1]}` : `Tier ${list[0] ?? '-'}`;

export function ReviewStep(props: {
  kind: CampaignKind;
  photos: FileRef[];
  pendingPhotos: File[];
  locations: WizardLocation[];
  onEdit(step: number): void;
}) {
  const { kind, onEdit } = props;
  const v = useFormContext<WizardValues>().watch();
  const labels = stepLabels(kind);
  const dateInfo = KIND_DATE[kind];
  const locationNames = v.locations.map((id) => props.locations.find((l) => l.id === id)?.name ?? `Location ${id}`);
  const unavailable = WEEKDAY_SHORT.flatMap((d, i) =>
    (v.booking.unavailable_dates[d] ?? []).map(
      (r) =>
        `${(WEEKDAYS[i] ?? d).replace(/^\w/, (c) => c.toUpperCase())} ${formatTime12(r.from)} - ${formatTime12(r.to)}`,
    ),
  );

  return (
    <Stack spacing={2}>
      <Section title={labels[0] ?? 'Basic'} step={0} onEdit={onEdit}>
        <Row label="Name">{v.name}</Row>
        <Row label="Description">{v.description}</Row>
        <Row label={dateInfo.label}>{formatDate(v[dateInfo.field])}</Row>
        {kind !== 'singledayevent' ? <Row label="End Date">{formatDate(v.end_date)}</Row> : null}
        {kind === 'singledayevent' ? (
          <Row label="Event time">
            {formatTime12(v.from_time)} - {formatTime12(v.to_time)}
          </Row>
        ) : null}
        <Row label="Key players">
          {v.key_players_enabled ? v.key_players.map((p) => `${p.type}: ${p.name} (${p.bio})`).join('\n') : 'None'}
        </Row>
        <Row label="Featured photos">
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {props.photos.map((p, i) => (
              <Box
                key={p.name}
                component="img"
                src={fileUrl(p.thumb_path ?? p.path)}
                alt={`Featured photo ${i + 1}`}
                sx={{ width: 96, height: 58, objectFit: 'cover', borderRadius: 1 }}
              />
            ))}
            {props.pendingPhotos.length > 0 ? `${props.pendingPhotos.length} new photo(s) to upload` : null}
          </Stack>
        </Row>
      </Section>
      <Section title={labels[1] ?? 'Audience'} step={1} onEdit={onEdit}>
        {v.target.includes('influencer') ? <Row label="Influencers">{tiers(v.tier_range_influencer)}</Row> : null}
        {v.target.includes('journalist') ? <Row label="Journalists">{tiers(v.tier_range_journalist)}</Row> : null}
      </Section>
      <Section title={labels[2] ?? 'Bookings'} step={2} onEdit={onEdit}>
        <Row label="Locations">{locationNames.join(', ') || 'None selected'}</Row>
        <Row label="Compensation">{formatUsd(v.booking.compensation * 100)}</Row>
        <Row label="Max bookings per week">{String(v.booking.max_bookings_per_week)}</Row>
        <Row label="Max guests">{v.booking.max_guests}</Row>
        <Row label="Guests">{guestPolicyLabel(v.booking.guest_policy, Number(v.booking.max_guests)) ?? 'Not said'}</Row>
        <Row label="What the comp covers">{includedLines(v.booking.includes).join('\n') || 'Not said'}</Row>
        <Row label="Allowance, up to">{allowanceText(v.booking.allowance)}</Row>
        <Row label="Information only">{yesNo(v.booking.information_only)}</Row>
        <Row label="Tip">{v.booking.tip || 'None'}</Row>
        <Row label="Unavailable times">{v.booking.switch && unavailable.length ? unavailable.join('\n') : 'None'}</Row>
      </Section>
      <Section title={labels[3] ?? 'Requirements'} step={3} onEdit={onEdit}>
        <Row label="Tagging required">{yesNo(v.influencer_instructions.tagging_required)}</Row>
        <Row label="Geotag required">{yesNo(v.influencer_instructions.geotag_required)}</Row>
        <Row label="Posts required">{v.influencer_instructions.posts_required}</Row>
        <Row label="Stories required">{v.influencer_instructions.stories_required}</Row>
        <Row label="Hashtags">
          {v.influencer_instructions.hashtags.length ? (
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              {v.influencer_instructions.hashtags.map((h) => (
                <Chip key={h} size="small" label={`#${h}`} />
              ))}
            </Stack>
          ) : (
            'None'
          )}
        </Row>
        <Row label="Usage rights">{usageRightsSummary(v.usage_rights) ?? 'Not said'}</Row>
      </Section>
      <Divider />
      <Typography variant="body2" color="text.secondary">
        Our team reviews every campaign before media users can see it.
      </Typography>
    </Stack>
  );
}
