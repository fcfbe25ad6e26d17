import { Box, Collapse, Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';

import { usePhoneScreen } from '../../lib/use-phone-screen';
import { FiltersToggle } from '../filters-toggle';

/**
 * A list's filters above the list. On a wide screen every field sits in one wrapping row. On a
 * phone the row would fill the first screen before the first result, so `lead` (the search) and
 * `trail` stay in view and the fields in `children` fold behind a Filters button that counts the
 * ones set; `open` unfolds them whatever the button says (a field there has an error to show).
 */
export function FilterBar({
  label,
  lead,
  trail,
  active,
  open: forcedOpen = false,
  children,
}: {
  label: string;
  lead?: ReactNode;
  trail?: ReactNode;
  /** How many of the folded fields are set. */
  active: number;
  open?: boolean;
  children: ReactNode;
}) {
  const phone = usePhoneScreen();
  const [unfolded, setUnfolded] = useState(false);
  const panelId = useId();
  const open = unfolded || forcedOpen;
  const form = {
    component: 'form' as const,
    role: 'search',
    'aria-label': label,
    onSubmit: (e: FormEvent) => e.preventDefault(),
  };

  if (!phone) {
    return (
      <Stack {...form} direction="row" spacing={2} useFlexGap sx={{ mb: 3, flexWrap: 'wrap' }}>
        {lead}
        {children}
        {trail}
      </Stack>
    );
  }
  const toggle = (
    <FiltersToggle
      label="Filters"
      active={active}
      open={open}
      panelId={panelId}
      locked={forcedOpen}
      onToggle={() => setUnfolded((v) => !v)}
      sx={{ flexShrink: 0, minHeight: lead ? 56 : undefined }}
    />
  );
  const panel = (
    <Collapse in={open} id={panelId}>
      <Stack spacing={2} sx={{ pt: 2, '& > *': { width: '100%' } }}>
        {children}
      </Stack>
    </Collapse>
  );
  // Without a search, the button shares its row with `trail`; with one, `trail` follows the panel.
  return (
    <Stack {...form} sx={{ mb: 3 }}>
      {lead ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0, '& > *': { width: '100%' } }}>{lead}</Box>
            {toggle}
          </Stack>
          {panel}
          {trail ? (
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              {trail}
            </Stack>
          ) : null}
        </>
      ) : (
        <>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {toggle}
            {trail}
          </Stack>
          {panel}
        </>
      )}
    </Stack>
  );
}
